package dev.polycube.checkpoint;

import dev.polycube.engine.WorkPlan;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

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

    public static String of(Puzzle puzzle, String symmetry, long limit, WorkPlan plan) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(("polycube-checkpoint-" + FORMAT_VERSION + "\n").getBytes(StandardCharsets.UTF_8));
            sha.update(PuzzleWriter.text(puzzle).getBytes(StandardCharsets.UTF_8));
            sha.update(("symmetry " + symmetry + "\nlimit " + (limit == RunSpec.NO_LIMIT ? "none" : String.valueOf(limit))
                    + "\nunits " + plan.size() + "\n").getBytes(StandardCharsets.UTF_8));
            // each unit as the puzzle sees it: per step the piece type and its cells (-1 and the cell for an
            // optional cell left empty), so the fingerprint never depends on how the engine numbers placements
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            java.io.DataOutputStream units = new java.io.DataOutputStream(bytes);
            for (int u = 0; u < plan.size(); u++) {
                for (int[] step : plan.steps(u)) {
                    for (int v : step) {
                        units.writeInt(v);
                    }
                    units.writeByte(0xFE);
                }
                units.writeByte(0xFF);
            }
            sha.update(bytes.toByteArray());
            return HexFormat.of().formatHex(sha.digest()).substring(0, 32);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("writing to memory cannot fail", e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }
}
