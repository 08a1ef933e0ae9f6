/** Prints a Markdown table, each column as wide as its widest cell: what every bench reports in. */
export function printMarkdown(header, lines) {
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  console.log(format(header));
  console.log(format(widths.map((width) => "-".repeat(width))));
  for (const line of lines) console.log(format(line));
}
