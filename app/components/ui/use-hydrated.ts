import { useEffect, useState } from "react";

/** False on the server and in the first render; true once the page runs JavaScript. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
