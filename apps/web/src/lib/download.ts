/** saveBlob hands a downloaded file to the browser as if the user had clicked a file link. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // The browser has started the download once click() returns; free the object URL afterwards.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
