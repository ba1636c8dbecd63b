/**
 * copyText puts `text` on the clipboard. The Clipboard API needs a secure context, and a store's console is often
 * opened over plain HTTP on its own network, so a selected off-screen textarea and `execCommand('copy')` (still
 * honoured inside a click) stand in where the API is missing or refuses.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, document not focused): the fallback below may still work.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0';
  const before = document.activeElement;
  document.body.append(area);
  area.focus();
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    if (before instanceof HTMLElement) before.focus();
  }
}
