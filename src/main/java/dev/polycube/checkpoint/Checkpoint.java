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
 * @param counted     classes the finished units own that were counted and not kept as lines (count-only runs
 *                    whose classes each have one owning unit; 0 otherwise): docs/checkpoint-format.md, "Counts"
 * @param ranMillis   how long the run has been running, all its sessions together, when this was written (for
 *                    {@code status}, whose estimate must not count the hours a stopped run lay still), or -1 when
 *                    not known (a checkpoint written before the field existed, and every run resumed from one)
 */
public record Checkpoint(String runId, String started, String fingerprint, RunSpec spec, int units, BitSet done, Iterable<String> lines,
                         long counted, long ranMillis) {

    /** A checkpoint whose running time is not known. */
    public Checkpoint(String runId, String started, String fingerprint, RunSpec spec, int units, BitSet done,
                      Iterable<String> lines, long counted) {
        this(runId, started, fingerprint, spec, units, done, lines, counted, -1);
    }

    public Checkpoint {
        if (counted < 0 || (counted > 0 && (!spec.countOnly() || spec.limited()))) {
            throw new CheckpointException("a checkpoint counts classes without lines only for a count-only run without "
                    + "a limit; got counted " + counted + (spec.countOnly() ? " for a limited count" : " for a run that writes a catalog"));
        }
    }

    /** This checkpoint with another count of classes kept as a number. */
    public Checkpoint withCounted(long n) {
        return n == counted ? this : new Checkpoint(runId, started, fingerprint, spec, units, done, lines, n, ranMillis);
    }

    /**
     * A fresh random run id. It tells runs apart (a journal record names its run), it guards nothing, so it needs no
     * cryptographic generator: a {@code SecureRandom} set up its providers and a SHA-256 DRBG at every run's start,
     * about 10 - 20 ms and a hundred classes before the search (class-load log of the Y-pentacubes' count).
     */
    public static String newRunId() {
        return String.format("%016x", java.util.concurrent.ThreadLocalRandom.current().nextLong());
    }
}
