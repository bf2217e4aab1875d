/**
 * @acme/layout — object model of the ACME document-layout engine.
 *
 * Units are expressed in the document's {@link Unit} (points by default).
 * Every visual object derives from {@link Node}; objects that hold other
 * objects derive from {@link Container}.
 *
 * @packageDocumentation
 */

// ---------------------------------------------------------------------------
// Enums
// ---------------------------------------------------------------------------

/** Horizontal alignment of text and inline content. */
export declare enum Align {
  /** Align to the left edge (default for left-to-right scripts). */
  Left = "left",
  /** Center between the left and right edges. */
  Center = "center",
  /** Align to the right edge. */
  Right = "right",
  /** Stretch lines so both edges are flush; the last line is left-aligned. */
  Justify = "justify",
}

/** Measurement unit used for every length in a document. */
export declare enum Unit {
  /** Typographic points (1/72 inch). The default. */
  Point = "pt",
  /** Millimetres. */
  Millimeter = "mm",
  /** Inches. */
  Inch = "in",
  /** CSS pixels (1/96 inch). */
  Pixel = "px",
}

/** Orientation of a page. */
export declare enum Orientation {
  /** Taller than wide. The default. */
  Portrait = "portrait",
  /** Wider than tall. */
  Landscape = "landscape",
}

// ---------------------------------------------------------------------------
// Option bags and plain-data interfaces
// ---------------------------------------------------------------------------

/** Four-sided spacing, used for padding, margins and page margins. */
export interface Margins {
  /** Space above the content. */
  top: number;
  /** Space to the right of the content. */
  right: number;
  /** Space below the content. */
  bottom: number;
  /** Space to the left of the content. */
  left: number;
}

/** Plain-object form of a {@link Style}, accepted by `Style.set` and `Node.applyStyle`. */
export interface StyleProps {
  /** Foreground (text and border) color, as a Color or a CSS color string. */
  color?: Color | string;
  /** Background fill, as a Color or a CSS color string. */
  background?: Color | string;
  /** Border shorthand, for example `"1pt solid"`. */
  border?: string;
  /** Inner spacing: one number for all sides or a full {@link Margins}. */
  padding?: number | Margins;
  /** Outer spacing: one number for all sides or a full {@link Margins}. */
  margin?: number | Margins;
  /** Font used for text inside the node. */
  font?: Font;
  /** Font size in points. */
  fontSize?: number;
  /** Horizontal alignment of text. */
  align?: Align;
  /** Line height as a multiple of the font size. */
  lineHeight?: number;
}

/** Options for {@link Document.create}. */
export interface DocumentOptions {
  /** Title stored in the document metadata. */
  title?: string;
  /** Author stored in the document metadata. */
  author?: string;
  /** Unit used for every length; defaults to `Unit.Point`. */
  unit?: Unit;
  /** Default font size in points; defaults to 11. */
  fontSize?: number;
  /** Default font; defaults to the system sans-serif font. */
  font?: Font;
  /** BCP 47 language tag used for hyphenation, for example `"fr-FR"`. */
  language?: string;
}

/** Options for {@link Document.addPage}. */
export interface PageOptions {
  /** Page width; defaults to A4 width. */
  width?: number;
  /** Page height; defaults to A4 height. */
  height?: number;
  /** Page orientation; swaps width and height when `Landscape`. */
  orientation?: Orientation;
  /** Page margins; defaults to 36pt on every side. */
  margins?: Margins;
}

/** Options for {@link Page.addSection}. */
export interface SectionOptions {
  /** Section title, shown in the document outline. */
  title?: string;
  /** Start the section on a new page. */
  pageBreakBefore?: boolean;
}

/** Options for {@link Page.addBlock} and {@link Block.addBlock}. */
export interface BlockOptions {
  /** Fixed width; the block fills its parent when omitted. */
  width?: number;
  /** Fixed height; the block grows with its content when omitted. */
  height?: number;
  /** Inner spacing: one number for all sides or a full {@link Margins}. */
  padding?: number | Margins;
  /** Initial style. */
  style?: StyleProps;
  /** Never split the block across two pages. */
  keepTogether?: boolean;
}

/** Options for {@link Block.addTable}. */
export interface TableOptions {
  /** Number of columns. Required. */
  columns: number;
  /** Column widths; columns share the width equally when omitted. */
  columnWidths?: number[];
  /** Number of leading rows treated as header rows. */
  headerRows?: number;
  /** Repeat the header rows at the top of every page the table spans. */
  repeatHeader?: boolean;
  /** Border shorthand applied to every cell, for example `"0.5pt solid"`. */
  border?: string;
}

/** Options for {@link Table.addRow}. */
export interface RowOptions {
  /** Mark the row as a header row. */
  header?: boolean;
  /** Minimum row height. */
  height?: number;
  /** Keep the row on the same page as the next row. */
  keepWithNext?: boolean;
}

/** Options for {@link Block.addImage} and {@link Cell.addImage}. */
export interface ImageOptions {
  /** Displayed width; derived from the aspect ratio when omitted. */
  width?: number;
  /** Displayed height; derived from the aspect ratio when omitted. */
  height?: number;
  /** How the image fills its box. */
  fit?: "contain" | "cover" | "fill";
  /** Alternative text for accessibility. */
  alt?: string;
}

/** Options for {@link Document.render}. */
export interface RenderOptions {
  /** Output format; defaults to `"pdf"`. */
  format?: "pdf" | "png";
  /** Raster resolution when `format` is `"png"`. */
  dpi?: number;
  /** Compress streams in PDF output. */
  compress?: boolean;
}

/** Width and height of a standard paper size. */
export interface PageSize {
  /** Width in points. */
  width: number;
  /** Height in points. */
  height: number;
}

/** The two blocks produced by {@link Layout.twoColumn}. */
export interface ColumnSet {
  /** The left column. */
  left: Block;
  /** The right column. */
  right: Block;
  /** Space between the columns. */
  gutter: number;
}

/** Events emitted by a {@link Document}. */
export type DocumentEvent = "pageadded" | "beforerender" | "rendered";

// ---------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------

/** An immutable RGBA color. */
export declare class Color {
  /** Red channel, 0–255. */
  readonly r: number;
  /** Green channel, 0–255. */
  readonly g: number;
  /** Blue channel, 0–255. */
  readonly b: number;
  /** Alpha channel, 0–1. */
  readonly a: number;
  /** Opaque black. */
  static readonly BLACK: Color;
  /** Opaque white. */
  static readonly WHITE: Color;
  /**
   * Parse a hexadecimal color.
   * @param hex - `"#rgb"`, `"#rrggbb"` or `"#rrggbbaa"`.
   * @returns The parsed color.
   */
  static fromHex(hex: string): Color;
  /**
   * Build a color from channels.
   * @param r - Red, 0–255.
   * @param g - Green, 0–255.
   * @param b - Blue, 0–255.
   * @param a - Alpha, 0–1; defaults to 1.
   * @returns The new color.
   */
  static rgb(r: number, g: number, b: number, a?: number): Color;
  /**
   * Copy the color with a different alpha.
   * @param alpha - New alpha, 0–1.
   * @returns A new color.
   */
  withAlpha(alpha: number): Color;
  /**
   * Mix the color towards white.
   * @param amount - Fraction to lighten, 0–1.
   * @returns A new, lighter color.
   */
  lighten(amount: number): Color;
  /**
   * Mix the color towards black.
   * @param amount - Fraction to darken, 0–1.
   * @returns A new, darker color.
   */
  darken(amount: number): Color;
  /**
   * Format the color as hexadecimal.
   * @returns A `"#rrggbb"` string (alpha is dropped).
   */
  toHex(): string;
  /**
   * Compare two colors channel by channel.
   * @param other - The color to compare with.
   * @returns `true` when every channel is equal.
   */
  equals(other: Color): boolean;
}

/** A font face at a given size. */
export declare class Font {
  /** Family name, for example `"Inter"`. */
  family: string;
  /** Size in points. */
  size: number;
  /** Weight, 100–900. */
  weight: number;
  /** Whether the italic face is used. */
  italic: boolean;
  /**
   * Download and register a font file.
   * @param family - Family name to register the font under.
   * @param url - URL or path of a TTF, OTF or WOFF2 file.
   * @returns A promise for the loaded font.
   */
  static load(family: string, url: string): Promise<Font>;
  /**
   * Reference a font installed on the rendering host.
   * @param family - Installed family name.
   * @returns The font, at the document's default size.
   */
  static system(family: string): Font;
  /**
   * Copy the font at another size.
   * @param size - New size in points.
   * @returns A new font.
   */
  withSize(size: number): Font;
  /**
   * Copy the font with weight 700.
   * @returns A new, bold font.
   */
  bold(): Font;
  /**
   * Measure the advance width of a string set in this font.
   * @param text - The text to measure.
   * @returns The width in document units.
   */
  measure(text: string): number;
}

/** Visual properties of a node. Every node owns exactly one style. */
export declare class Style {
  /** Foreground (text and border) color. */
  color: Color;
  /** Background fill, or `null` for transparent. */
  background: Color | null;
  /** Border shorthand, for example `"1pt solid"`; empty for none. */
  border: string;
  /** Inner spacing. */
  padding: Margins;
  /** Outer spacing. */
  margin: Margins;
  /** Font used for text. */
  font: Font;
  /** Font size in points. */
  fontSize: number;
  /** Horizontal alignment of text. */
  align: Align;
  /** Line height as a multiple of the font size. */
  lineHeight: number;
  /**
   * Assign several properties at once.
   * @param props - Properties to assign; omitted ones are left unchanged.
   * @returns This style, for chaining.
   */
  set(props: StyleProps): this;
  /**
   * Copy the style.
   * @returns An independent copy.
   */
  clone(): Style;
  /**
   * Copy the style and override some properties.
   * @param props - Properties that differ from this style.
   * @returns A new style.
   */
  extend(props: StyleProps): Style;
  /**
   * Restore every property to the inherited value.
   * @returns This style, for chaining.
   */
  reset(): this;
}

// ---------------------------------------------------------------------------
// Node hierarchy
// ---------------------------------------------------------------------------

/** Base class of every object placed in a document. */
export declare class Node {
  /** Unique, stable identifier assigned on creation. */
  readonly id: string;
  /** The container holding this node, or `null` when detached. */
  readonly parent: Container | null;
  /** The node's own style. */
  style: Style;
  /** Whether the node is rendered. Hidden nodes still take part in pagination. */
  visible: boolean;
  /**
   * Detach the node from its parent.
   * @returns Nothing.
   */
  remove(): void;
  /**
   * Assign style properties.
   * @param props - Properties to assign to `style`.
   * @returns This node, for chaining.
   */
  applyStyle(props: StyleProps): this;
  /**
   * Find the page the node is laid out on.
   * @returns The page, or `null` when the node is detached.
   */
  getPage(): Page | null;
}

/** A node that holds an ordered list of child nodes. */
export declare class Container extends Node {
  /** Child nodes, in layout order. */
  readonly children: Node[];
  /** Number of children. */
  readonly childCount: number;
  /**
   * Append a child, detaching it from its previous parent.
   * @param child - Node to append.
   * @returns This container, for chaining.
   */
  add(child: Node): this;
  /**
   * Insert a child at a position.
   * @param index - Position, 0-based; clamped to `childCount`.
   * @param child - Node to insert.
   * @returns This container, for chaining.
   */
  insert(index: number, child: Node): this;
  /**
   * Remove every child.
   * @returns Nothing.
   */
  clear(): void;
  /**
   * Find the position of a child.
   * @param child - Node to look for.
   * @returns The 0-based index, or -1.
   */
  indexOf(child: Node): number;
}

/** A rectangular box that lays out its children vertically. */
export declare class Block extends Container {
  /**
   * Create a detached block; attach it with `Container.add`.
   * @param options - Initial size, padding and style.
   */
  constructor(options?: BlockOptions);
  /** Width; defaults to the parent's content width. */
  width: number;
  /** Height; grows with the content unless set. */
  height: number;
  /** Horizontal offset from the parent's content box. */
  x: number;
  /** Vertical offset from the parent's content box. */
  y: number;
  /** Never split the block across two pages. */
  keepTogether: boolean;
  /**
   * Set the inner spacing, CSS-style.
   * @param top - Top padding, or all sides when it is the only argument.
   * @param right - Right padding; defaults to `top`.
   * @param bottom - Bottom padding; defaults to `top`.
   * @param left - Left padding; defaults to `right`.
   * @returns This block, for chaining.
   */
  setPadding(top: number, right?: number, bottom?: number, left?: number): this;
  /**
   * Set the outer spacing.
   * @param margins - The four margins.
   * @returns This block, for chaining.
   */
  setMargins(margins: Margins): this;
  /**
   * Set width and height together.
   * @param width - New width.
   * @param height - New height.
   * @returns This block, for chaining.
   */
  setSize(width: number, height: number): this;
  /**
   * Append a table.
   * @param options - Column count and table settings.
   * @returns The new table.
   */
  addTable(options: TableOptions): Table;
  /**
   * Append a paragraph of text.
   * @param text - Initial text.
   * @returns The new paragraph.
   */
  addParagraph(text: string): Paragraph;
  /**
   * Append an image.
   * @param image - A loaded image or a URL to load at render time.
   * @param options - Size and fit.
   * @returns The placed image.
   */
  addImage(image: Image | string, options?: ImageOptions): Image;
  /**
   * Append a nested block.
   * @param options - Size, padding and style.
   * @returns The new block.
   */
  addBlock(options?: BlockOptions): Block;
}

/** A titled group of blocks that may start on a new page. */
export declare class Section extends Container {
  /** Title shown in the document outline. */
  title: string;
  /** Start the section on a new page. */
  pageBreakBefore: boolean;
  /**
   * Append a block to the section.
   * @param options - Size, padding and style.
   * @returns The new block.
   */
  addBlock(options?: BlockOptions): Block;
  /**
   * Append a paragraph to the section.
   * @param text - Initial text.
   * @returns The new paragraph.
   */
  addParagraph(text: string): Paragraph;
}

/** One cell of a {@link Row}. */
export declare class Cell extends Container {
  /**
   * Number of columns the cell spans.
   * @deprecated since 4.2: use {@link Cell.setSpan} instead.
   */
  colSpan: number;
  /**
   * Number of rows the cell spans.
   * @deprecated since 4.2: use {@link Cell.setSpan} instead.
   */
  rowSpan: number;
  /** Horizontal alignment of the cell content. */
  align: Align;
  /** The row holding the cell. */
  readonly row: Row;
  /**
   * Append a paragraph to the cell.
   * @param text - Initial text.
   * @returns The new paragraph.
   */
  addParagraph(text: string): Paragraph;
  /**
   * Append an image to the cell.
   * @param image - A loaded image or a URL.
   * @param options - Size and fit.
   * @returns The placed image.
   */
  addImage(image: Image | string, options?: ImageOptions): Image;
  /**
   * Fill the cell background.
   * @param color - Fill color.
   * @returns This cell, for chaining.
   */
  setBackground(color: Color): this;
  /**
   * Make the cell span several columns and rows.
   * @param colSpan - Columns to span, at least 1.
   * @param rowSpan - Rows to span; defaults to 1.
   * @returns This cell, for chaining.
   */
  setSpan(colSpan: number, rowSpan?: number): this;
}

/** One row of a {@link Table}. */
export declare class Row extends Node {
  /** Cells, left to right. */
  readonly cells: Cell[];
  /** Whether the row is a header row. */
  isHeader: boolean;
  /** Minimum height. */
  height: number;
  /** Keep the row on the same page as the next row. */
  keepWithNext: boolean;
  /** The table holding the row. */
  readonly table: Table;
  /**
   * Append a cell.
   * @returns The new cell.
   */
  addCell(): Cell;
  /**
   * Get a cell by column.
   * @param index - Column, 0-based.
   * @returns The cell.
   */
  getCell(index: number): Cell;
}

/** A grid of rows and cells. */
export declare class Table extends Node {
  /** Rows, top to bottom. */
  readonly rows: Row[];
  /** Number of rows. */
  readonly rowCount: number;
  /** Number of columns, fixed at creation. */
  readonly columns: number;
  /** Column widths. */
  columnWidths: number[];
  /** Number of leading header rows. */
  headerRows: number;
  /** Repeat the header rows on every page the table spans. */
  repeatHeader: boolean;
  /** Border shorthand applied to every cell. */
  border: string;
  /**
   * Append a row.
   * @param options - Header flag and height.
   * @returns The new row (without cells).
   */
  addRow(options?: RowOptions): Row;
  /**
   * Get a row by position.
   * @param index - Row, 0-based.
   * @returns The row.
   */
  getRow(index: number): Row;
  /**
   * Get a cell by position.
   * @param row - Row, 0-based.
   * @param column - Column, 0-based.
   * @returns The cell.
   */
  getCell(row: number, column: number): Cell;
  /**
   * Set every column width at once.
   * @param widths - One width per column.
   * @returns This table, for chaining.
   */
  setColumnWidths(widths: number[]): this;
}

/** A run of text with uniform formatting inside a {@link Paragraph}. */
export declare class TextRun extends Node {
  /** The text. */
  text: string;
  /** Bold weight. */
  bold: boolean;
  /** Italic face. */
  italic: boolean;
  /** Underline. */
  underline: boolean;
  /** Text color. */
  color: Color;
  /** Hyperlink target, or `null`. */
  link: string | null;
  /**
   * Set the bold flag.
   * @param bold - Defaults to `true`.
   * @returns This run, for chaining.
   */
  setBold(bold?: boolean): this;
  /**
   * Set the italic flag.
   * @param italic - Defaults to `true`.
   * @returns This run, for chaining.
   */
  setItalic(italic?: boolean): this;
}

/** A paragraph of text made of one or more runs. */
export declare class Paragraph extends Node {
  /**
   * Create a detached paragraph; attach it with `Container.add`.
   * @param text - Initial text.
   */
  constructor(text?: string);
  /** Plain text of all runs; assigning replaces every run. */
  text: string;
  /** Font size in points. */
  fontSize: number;
  /** Font. */
  font: Font;
  /** Horizontal alignment. */
  align: Align;
  /** Line height as a multiple of the font size. */
  lineHeight: number;
  /** Runs, in order. */
  readonly runs: TextRun[];
  /**
   * Append a run of text.
   * @param text - Text of the run.
   * @returns The new run.
   */
  addRun(text: string): TextRun;
  /**
   * Set the alignment.
   * @param align - New alignment.
   * @returns This paragraph, for chaining.
   */
  setAlign(align: Align): this;
}

/** A raster or vector image. */
export declare class Image extends Node {
  /** Source URL or path. */
  src: string;
  /** Displayed width. */
  width: number;
  /** Displayed height. */
  height: number;
  /** Intrinsic width in pixels. */
  readonly naturalWidth: number;
  /** Intrinsic height in pixels. */
  readonly naturalHeight: number;
  /** Whether the image data has been fetched. */
  readonly loaded: boolean;
  /** Alternative text. */
  alt: string;
  /**
   * Fetch and decode an image.
   * @param url - URL or path of a PNG, JPEG or SVG file.
   * @returns A promise for the loaded image.
   */
  static load(url: string): Promise<Image>;
  /**
   * Decode an image from memory.
   * @param bytes - Encoded image data.
   * @param mimeType - For example `"image/png"`.
   * @returns The decoded image.
   */
  static fromBytes(bytes: Uint8Array, mimeType: string): Image;
  /**
   * Scale the image to fit a box, keeping its aspect ratio.
   * @param width - Box width.
   * @param height - Box height.
   * @returns This image, for chaining.
   */
  fit(width: number, height: number): this;
}

/** Content repeated at the top of a page. */
export declare class Header extends Container {
  /** Reserved height. */
  height: number;
  /** Repeat on every following page. */
  repeat: boolean;
  /**
   * Append a paragraph.
   * @param text - Initial text.
   * @returns The new paragraph.
   */
  addParagraph(text: string): Paragraph;
  /**
   * Append a block.
   * @param options - Size, padding and style.
   * @returns The new block.
   */
  addBlock(options?: BlockOptions): Block;
}

/** Content repeated at the bottom of a page. */
export declare class Footer extends Container {
  /** Reserved height. */
  height: number;
  /** Print the page number. */
  showPageNumbers: boolean;
  /** Page number template; `{page}` and `{pages}` are replaced. */
  pageNumberFormat: string;
  /**
   * Append a paragraph.
   * @param text - Initial text.
   * @returns The new paragraph.
   */
  addParagraph(text: string): Paragraph;
  /**
   * Append a block.
   * @param options - Size, padding and style.
   * @returns The new block.
   */
  addBlock(options?: BlockOptions): Block;
}

/** One page of a {@link Document}. */
export declare class Page extends Container {
  /** Width of the sheet. */
  width: number;
  /** Height of the sheet. */
  height: number;
  /** Width available inside the margins. */
  readonly contentWidth: number;
  /** Height available inside the margins, header and footer. */
  readonly contentHeight: number;
  /** Page number, 1-based. */
  readonly number: number;
  /** Orientation. */
  orientation: Orientation;
  /** Page margins. */
  margins: Margins;
  /** The page header. */
  readonly header: Header;
  /** The page footer. */
  readonly footer: Footer;
  /** The document holding the page. */
  readonly document: Document;
  /**
   * Append a block to the page body.
   * @param options - Size, padding and style.
   * @returns The new block.
   */
  addBlock(options?: BlockOptions): Block;
  /**
   * Append a section to the page body.
   * @param options - Title and page-break behaviour.
   * @returns The new section.
   */
  addSection(options?: SectionOptions): Section;
  /**
   * Append a block to the page footer.
   * @param options - Size, padding and style.
   * @returns The new block.
   */
  addFooter(options?: BlockOptions): Block;
}

/** The root of a layout: an ordered list of pages plus metadata. */
export declare class Document {
  private constructor();
  /** Title stored in the metadata. */
  title: string;
  /** Author stored in the metadata. */
  author: string;
  /** Default font size in points for text that sets none. */
  fontSize: number;
  /** Default font. */
  font: Font;
  /** Unit used for every length. */
  unit: Unit;
  /** Pages, in order. */
  readonly pages: Page[];
  /** Number of pages. */
  readonly pageCount: number;
  /**
   * Create an empty document.
   * @param options - Metadata, unit and default font.
   * @returns The new document.
   */
  static create(options?: DocumentOptions): Document;
  /**
   * Load a document saved with `save`.
   * @param path - File path.
   * @returns A promise for the document.
   */
  static open(path: string): Promise<Document>;
  /**
   * Append a page.
   * @param options - Size, orientation and margins.
   * @returns The new page.
   */
  addPage(options?: PageOptions): Page;
  /**
   * Get a page by position.
   * @param index - Page, 0-based.
   * @returns The page.
   */
  getPage(index: number): Page;
  /**
   * Remove a page.
   * @param page - The page to remove.
   * @returns Nothing.
   */
  removePage(page: Page): void;
  /**
   * Register a named style.
   * @param name - Style name, for example `"heading"`.
   * @param props - Style properties.
   * @returns The registered style.
   */
  defineStyle(name: string, props: StyleProps): Style;
  /**
   * Look up a named style.
   * @param name - Style name.
   * @returns The style, or `undefined`.
   */
  getStyle(name: string): Style | undefined;
  /**
   * Subscribe to a document event.
   * @param event - Event name.
   * @param handler - Called with the affected page, if any.
   * @returns This document, for chaining.
   */
  on(event: DocumentEvent, handler: (page?: Page) => void): this;
  /**
   * Lay out and render the document.
   * @param options - Output format and resolution.
   * @returns A promise for the encoded output.
   */
  render(options?: RenderOptions): Promise<Uint8Array>;
  /**
   * Render and write the document to disk.
   * @param path - Output file path.
   * @returns A promise that settles when the file is written.
   */
  save(path: string): Promise<void>;
  /**
   * Serialize the document tree.
   * @returns A JSON-compatible object.
   */
  toJSON(): Record<string, unknown>;
}

/** Static helpers for common page layouts. Not instantiable. */
export declare class Layout {
  private constructor();
  /** A4 paper size in points. */
  static readonly A4: PageSize;
  /** US Letter paper size in points. */
  static readonly LETTER: PageSize;
  /**
   * Split a page body into two equal columns.
   * @param page - The page to split.
   * @param gutter - Space between the columns; defaults to 18.
   * @returns The two column blocks.
   */
  static twoColumn(page: Page, gutter?: number): ColumnSet;
  /**
   * Split a page body into equal columns.
   * @param page - The page to split.
   * @param count - Number of columns.
   * @param gutter - Space between columns; defaults to 18.
   * @returns One block per column, left to right.
   */
  static columns(page: Page, count: number, gutter?: number): Block[];
  /**
   * Fill a block with an empty table of equal cells.
   * @param block - The block to fill.
   * @param columns - Number of columns.
   * @param rows - Number of rows.
   * @returns The new table, with every cell created.
   */
  static grid(block: Block, columns: number, rows: number): Table;
  /**
   * Wrap nodes in a new block stacked vertically inside a container.
   * @param parent - Container receiving the new block.
   * @param nodes - Nodes to move into the block.
   * @returns The new block.
   */
  static stack(parent: Container, nodes: Node[]): Block;
  /**
   * Center a block horizontally inside a container.
   * @param block - The block to center.
   * @param within - The reference container.
   * @returns The same block.
   */
  static center(block: Block, within: Container): Block;
}
