import { expect, type Page } from "@playwright/test";

/**
 * The server form's parameters schema in Monaco, which loads only once opened: "Edit the JSON" for a schema that
 * is there, "Start from an empty object schema" for none. Call once the form is hydrated.
 */
export async function openSchemaEditor(page: Page) {
  const editor = page.locator("#field-parameters_schema .monaco-editor");
  if (!(await editor.isVisible())) {
    const edit = page.getByRole("button", { name: "Edit the JSON" });
    if (await edit.isVisible()) await edit.click();
    else await page.getByRole("button", { name: "Start from an empty object schema" }).click();
  }
  await expect(editor).toBeVisible();
  return editor;
}

/** Monaco auto-closes brackets and quotes as it types; a paste puts the text in as it is (and fires a change). */
export async function pasteIntoSchemaEditor(page: Page, text: string) {
  const editor = await openSchemaEditor(page);
  await editor.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await page.keyboard.press("ControlOrMeta+V");
}
