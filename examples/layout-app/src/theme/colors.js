import { Color, Font } from "@acme/layout";

// The only place where hex literals are allowed (see rule layout/no-hex-colors).
export const palette = {
  primary: "#0b5fff",
  muted: "#6b7280",
  surface: "#f3f4f6",
  highlight: "#fff4cc",
  danger: "#c62828",
};

export const theme = {
  primary: Color.fromHex(palette.primary),
  muted: Color.fromHex(palette.muted),
  surface: Color.fromHex(palette.surface),
  highlight: Color.fromHex(palette.highlight),
  danger: Color.fromHex(palette.danger),
  text: Color.BLACK,
  paper: Color.WHITE,
};

export const fonts = {
  body: Font.system("Inter"),
  heading: Font.system("Inter").bold(),
  mono: Font.system("JetBrains Mono").withSize(9),
};

export default theme;
