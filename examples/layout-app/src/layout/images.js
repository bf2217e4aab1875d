import { Image } from "@acme/layout";

export async function loadLogo(url) {
  const logo = await Image.load(url);
  logo.alt = "Logo ACME";
  return logo;
}

export async function placeImages(box, urls, width = 160) {
  const images = await Promise.all(urls.map((url) => Image.load(url)));
  return images.map((img) => box.addImage(img, { width, fit: "contain" }).fit(width, width));
}
