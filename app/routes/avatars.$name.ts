import type { LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { openAvatarFile } from "~/storage/files.server";

/**
 * Profile photos (issue 28): /avatars/{content hash}-{512|96}.webp. A name is the hash of its content,
 * so it never changes meaning: cached for a year, immutable. Names are unguessable (128 bits of the
 * SHA-256 of the picture) and only a profile's page or a list shows them.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const file = await openAvatarFile(params.name ?? "");
  if (!file) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(createReadableStreamFromReadable(file.stream), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(file.size),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
    },
  });
}
