/** Hands `text` to the browser as a file download; nothing leaves the device. */
export function downloadFile(fileName: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the file over; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
