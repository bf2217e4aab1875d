// README style: create, fill and flatten forms.
import { PDFDocument, StandardFonts, TextAlignment } from "pdf-lib";

export async function createForm() {
  const pdfDoc = await PDFDocument.create();
  const page = pdfDoc.addPage([550, 750]);
  const form = pdfDoc.getForm();

  page.drawText("Enter your favorite superhero:", { x: 50, y: 700, size: 20 });
  const superheroField = form.createTextField("favorite.superhero");
  superheroField.setText("One Punch Man");
  superheroField.addToPage(page, { x: 55, y: 640 });

  const rocketField = form.createRadioGroup("favorite.rocket");
  rocketField.addOptionToPage("Falcon Heavy", page, { x: 55, y: 540 });
  rocketField.addOptionToPage("Saturn IV", page, { x: 55, y: 480 });
  rocketField.select("Saturn IV");

  const exiaField = form.createCheckBox("gundam.exia");
  const dynamesField = form.createCheckBox("gundam.dynames");
  exiaField.addToPage(page, { x: 55, y: 380 });
  dynamesField.addToPage(page, { x: 275, y: 320 });
  exiaField.check();
  dynamesField.check();

  const planetsField = form.createDropdown("favorite.planet");
  planetsField.addOptions(["Venus", "Earth", "Mars", "Pluto"]);
  planetsField.select("Pluto");
  planetsField.addToPage(page, { x: 55, y: 220 });

  const personField = form.createOptionList("favorite.person");
  personField.addOptions(["Julius Caesar", "Ada Lovelace", "Cleopatra"]);
  personField.select("Ada Lovelace");
  personField.addToPage(page, { x: 55, y: 70 });

  const button = form.createButton("submit");
  button.addToPage("Submit", page, { x: 300, y: 70 });
  return pdfDoc.save();
}

export async function fillForm(formPdfBytes, marioImageBytes) {
  const pdfDoc = await PDFDocument.load(formPdfBytes);
  const marioImage = await pdfDoc.embedPng(marioImageBytes);
  const form = pdfDoc.getForm();
  const nameField = form.getTextField("CharacterName 2");
  const ageField = form.getTextField("Age");
  const characterImageField = form.getButton("CHARACTER IMAGE");
  nameField.setText("Mario");
  nameField.setAlignment(TextAlignment.Center);
  nameField.setFontSize(12);
  ageField.setText("24 years");
  ageField.setMaxLength(12);
  ageField.enableReadOnly();
  characterImageField.setImage(marioImage);
  const backstory = form.getTextField("Backstory");
  backstory.enableMultiline();
  backstory.setText("Mario is a fictional character.");
  const helvetica = await pdfDoc.embedFont(StandardFonts.Helvetica);
  form.updateFieldAppearances(helvetica);
  return pdfDoc.save();
}

export async function flattenForm(formPdfBytes) {
  const pdfDoc = await PDFDocument.load(formPdfBytes);
  const form = pdfDoc.getForm();
  form.getTextField("Text1").setText("Some Text");
  form.getRadioGroup("Group2").select("Choice1");
  form.getCheckBox("Check Box3").check();
  form.getCheckBox("Check Box4").uncheck();
  form.getDropdown("Dropdown7").select("Infinity");
  form.getOptionList("List Box6").select("Honda");
  form.flatten();
  return pdfDoc.save();
}

export async function readForm(formPdfBytes) {
  const pdfDoc = await PDFDocument.load(formPdfBytes);
  const form = pdfDoc.getForm();
  const fields = form.getFields();
  const names = fields.map((f) => f.getName());
  const dropdown = form.getDropdown("Favorite Planet");
  const options = dropdown.getOptions();
  const selected = dropdown.getSelected();
  const checkBox = form.getCheckBox("Is Alive?");
  const alive = checkBox.isChecked();
  const radio = form.getRadioGroup("Historical Figures");
  const choice = radio.getSelected();
  const text = form.getTextField("Name").getText();
  const field = form.getField("Name");
  const readOnly = field.isReadOnly();
  return { names, options, selected, alive, choice, text, readOnly };
}
