/**
 * The slice of Monaco the JSON editor needs: the editor API, the everyday editing features and the JSON
 * language — not the 80 other languages or TypeScript's 12 MB, which `import "monaco-editor"` would bundle.
 */
import "monaco-editor/editor/browser/coreCommands.js";
import "monaco-editor/features/codicon/register.js";
import "monaco-editor/features/codeEditor/register.js";
import "monaco-editor/features/bracketMatching/register.js";
import "monaco-editor/features/clipboard/register.js";
import "monaco-editor/features/comment/register.js";
import "monaco-editor/features/contextmenu/register.js";
import "monaco-editor/features/cursorUndo/register.js";
import "monaco-editor/features/find/register.js";
import "monaco-editor/features/folding/register.js";
import "monaco-editor/features/format/register.js";
import "monaco-editor/features/gotoError/register.js";
import "monaco-editor/features/hover/register.js";
import "monaco-editor/features/indentation/register.js";
import "monaco-editor/features/linesOperations/register.js";
import "monaco-editor/features/multicursor/register.js";
import "monaco-editor/features/smartSelect/register.js";
import "monaco-editor/features/suggest/register.js";
import "monaco-editor/features/tokenization/register.js";
import "monaco-editor/features/toggleTabFocusMode/register.js";
import "monaco-editor/features/wordHighlighter/register.js";
import "monaco-editor/features/wordOperations/register.js";
import "monaco-editor/language/json/monaco.contribution.js";

export * from "monaco-editor/editor/editor.api.js";
