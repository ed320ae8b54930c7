/**
 * What a message between threads may move instead of copying: the buffers of byte arrays that span
 * their whole buffer. A view into a larger buffer (a slice of Node's shared pool, a part of a file) is
 * copied instead, so that moving it takes nothing else from the sender.
 */
export function ownBuffers(views: Iterable<Uint8Array>): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const view of views) {
    const { buffer } = view;
    if (buffer instanceof ArrayBuffer && view.byteOffset === 0 && view.byteLength === buffer.byteLength)
      buffers.add(buffer);
  }
  return [...buffers];
}
