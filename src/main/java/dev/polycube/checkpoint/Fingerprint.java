package dev.polycube.checkpoint;

import dev.polycube.engine.WorkPlan;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleWriter;
import dev.polycube.puzzle.SymmetryMode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.function.Supplier;

/**
 * Identifies a run's work: the puzzle definition (fixed pieces and published counts included), the
 * symmetry, the limit, the checkpoint format version and the exact work-unit list (in puzzle terms: pieces
 * and cells). Two runs can share
 * finished units only when their fingerprints are equal, so a checkpoint or shard from another puzzle,
 * symmetry, limit or engine version is refused instead of mixed in. The shard is not part of it: the
 * shards of one plan share it, which is how {@code merge} knows they belong together.
 */
public final class Fingerprint {

    /** Bump when the checkpoint layout or the meaning of work units changes. */
    public static final int FORMAT_VERSION = 3;

    private Fingerprint() {
    }

    /**
     * The fingerprint, computed on first use and then kept: a run that saves and reads nothing never asks for
     * it, and hashing a plan of thousands of units costs tens of milliseconds, a fair share of a short run.
     */
    public static Supplier<String> onDemand(Puzzle puzzle, SymmetryMode symmetry, SymmetryMode searchedUnder, long limit,
                                            WorkPlan plan) {
        return new Supplier<>() {
            private String value;

            @Override
            public synchronized String get() {
                if (value == null) {
                    value = of(puzzle, symmetry, searchedUnder, limit, plan);
                }
                return value;
            }
        };
    }

    /**
     * @param searchedUnder the symmetry whose group the search pinned pieces under, when larger than the catalog's
     *                      (the fixed frame is searched under the rotations): its units mean other lines than the same
     *                      units would without it, so it enters the fingerprint, and only then (a run that is not
     *                      widened keeps the fingerprint it always had, and its checkpoints)
     */
    public static String of(Puzzle puzzle, SymmetryMode symmetry, SymmetryMode searchedUnder, long limit, WorkPlan plan) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(("polycube-checkpoint-" + FORMAT_VERSION + "\n").getBytes(StandardCharsets.UTF_8));
            sha.update(PuzzleWriter.text(puzzle).getBytes(StandardCharsets.UTF_8));
            sha.update(("symmetry " + symmetry.id() + "\nlimit " + (limit == RunSpec.NO_LIMIT ? "none" : String.valueOf(limit))
                    + (searchedUnder == symmetry ? "" : "\nsearched under " + searchedUnder.id())
                    + "\nunits " + plan.size() + "\n").getBytes(StandardCharsets.UTF_8));
            // each unit as the puzzle sees it: per step the piece type and its cells (-1 and the cell for an
            // optional cell left empty), so the fingerprint never depends on how the engine numbers placements.
            // Big-endian ints, 0xFE after each step, 0xFF after each unit, fed through one buffer (a plan has
            // thousands of units, and this runs before every search)
            ByteBuffer buffer = ByteBuffer.allocate(1 << 14);
            for (int u = 0; u < plan.size(); u++) {
                for (int[] step : plan.steps(u)) {
                    for (int v : step) {
                        room(sha, buffer, 4).putInt(v);
                    }
                    room(sha, buffer, 1).put((byte) 0xFE);
                }
                room(sha, buffer, 1).put((byte) 0xFF);
            }
            sha.update(buffer.flip());
            return HexFormat.of().formatHex(sha.digest()).substring(0, 32);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }

    /** The buffer with at least {@code bytes} free, hashing what it held when it had less. */
    private static ByteBuffer room(MessageDigest sha, ByteBuffer buffer, int bytes) {
        if (buffer.remaining() < bytes) {
            sha.update(buffer.flip());
            buffer.clear();
        }
        return buffer;
    }
}
