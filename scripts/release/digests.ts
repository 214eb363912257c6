import { readdir, readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { createDirectoryEncoderStream, type FileLike } from 'ipfs-car'
import { byPath, type FileDigest, sha256Hex } from '../../src/pwa/build/buildDigest'

/** Every file under `dir`, as paths relative to it with `/` separators, sorted byte by byte. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => ({ path: relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/') }))
    .sort(byPath)
    .map((file) => file.path)
}

/** The SHA-256 of every file under `dir`. */
export async function fileDigests(dir: string): Promise<FileDigest[]> {
  const paths = await listFiles(dir)
  return Promise.all(paths.map(async (path) => ({ path, sha256: sha256Hex(await readFile(join(dir, path))) })))
}

/**
 * The IPFS CIDv1 of the directory `dir` as UnixFS (raw leaves, 1 MiB chunks, dag-pb directories), as `ipfs-car
 * pack <dir>` computes it: the address under which an IPFS gateway serves exactly these files.
 */
export async function directoryCid(dir: string): Promise<string> {
  const files: FileLike[] = (await listFiles(dir)).map((path) => ({
    name: path,
    stream: () =>
      new ReadableStream({
        async start(controller) {
          controller.enqueue(new Uint8Array(await readFile(join(dir, path))))
          controller.close()
        },
      }),
  }))
  let root: string | undefined
  // The encoder writes the root directory's block last.
  await createDirectoryEncoderStream(files).pipeTo(
    new WritableStream({
      write(block) {
        root = block.cid.toString()
      },
    }),
  )
  if (root === undefined) throw new Error(`${dir} gave no blocks to address.`)
  return root
}
