/** A message that arrived with the last redirect ("Invitation sent"), announced politely. */
export function FlashNote({ message }: { message: string }) {
  return (
    <p
      role="status"
      className="rounded-md border border-green-300 bg-green-50 p-3 text-sm font-medium text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
    >
      {message}
    </p>
  );
}
