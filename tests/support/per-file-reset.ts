/**
 * The integration project's setup file, run before every test file. The files of a worker share one
 * module graph (isolate: false, decision 060), so the app's process-wide state is put back here as a
 * fresh process would have it: the environment read again (files set DATA_DIR, SMTP and OAuth
 * settings of their own) and every circuit breaker closed (a file that fails the mail transport on
 * purpose must not leave the SMTP circuit open for the next).
 */
import { resetEnvForTests } from "~/env.server";
import { resetCircuits } from "~/monitoring/circuits.server";

resetEnvForTests();
resetCircuits();
