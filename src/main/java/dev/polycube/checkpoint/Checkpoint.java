package dev.polycube.checkpoint;

import java.util.BitSet;

/**
 * What a checkpoint holds: enough to continue a run with no other input.
 *
 * @param runId       a random id chosen when the run first started and kept across resumes; every journal
 *                    record is bound to it, so records of another run are refused
 * @param started     when the run first started (ISO-8601), kept across resumes; {@code status} estimates
 *                    the time left from it
 * @param fingerprint see {@link Fingerprint}
 * @param spec        what the run computes
 * @param units       the number of work units in the plan
 * @param done        the finished units
 * @param lines       the classes found by the finished units (ascending and unique when iterated; may be
 *                    partly on disk)
 */
public record Checkpoint(String runId, String started, String fingerprint, RunSpec spec, int units, BitSet done, Iterable<String> lines) {

    /** A fresh random run id. */
    public static String newRunId() {
        return String.format("%016x", new java.security.SecureRandom().nextLong());
    }
}
