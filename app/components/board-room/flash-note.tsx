/** The confirmation a board room action leaves after its redirect (post/redirect/get). */
export function FlashNote({ message }: { message: string }) {
  return (
    <p
      role="status"
      className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
    >
      {message}
    </p>
  );
}
