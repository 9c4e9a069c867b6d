/** Hands `file` to the browser as a download named `name`. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file name an answer's Content-Disposition gives (`attachment; filename="…"`), else `fallback`. */
export function fileNameOf(headers: Record<string, unknown>, fallback: string): string {
  return /filename="([^"]+)"/.exec(String(headers['content-disposition'] ?? ''))?.[1] ?? fallback;
}
