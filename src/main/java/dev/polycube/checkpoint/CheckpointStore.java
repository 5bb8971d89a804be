package dev.polycube.checkpoint;

import dev.polycube.catalog.AtomicFiles;
import dev.polycube.catalog.LineStore;
import java.io.BufferedReader;
import java.io.Writer;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Base64;
import java.util.BitSet;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.CRC32;

/**
 * A checkpoint on disk: a snapshot file written atomically (temporary file, fsync, rename) and a journal
 * beside it ({@code FILE.journal}) to which every finished work unit is appended as one record the moment it
 * finishes. A process killed with SIGKILL loses nothing already appended (the data is in the kernel); the
 * journal is forced to disk at each snapshot, so a machine crash loses at most one snapshot interval. The
 * snapshot ends with a CRC line and each journal record carries a CRC: a truncated snapshot or a damaged
 * record is refused; only a torn last journal record (the process died mid-append) is ignored, and its unit
 * runs again.
 *
 * <p>Snapshot layout (text): {@code # polycube checkpoint v1}, then {@code key value} lines (fingerprint,
 * symmetry, output, shard, units, done = base64 bit set, solutions), {@code definition ...} lines,
 * {@code line ...} lines, and {@code end CRC32} over everything before it. Journal record:
 * {@code unit U N CRC32} then N lines.
 */
public final class CheckpointStore {

    public static final String MAGIC = "# polycube checkpoint v1";

    private final Path file;
    private final Path journal;
    private FileChannel journalChannel;

    private CheckpointStore(Path file) {
        this.file = file;
        this.journal = journalOf(file);
    }

    public static Path journalOf(Path file) {
        return file.resolveSibling(file.getFileName() + ".journal");
    }

    public Path file() {
        return file;
    }

    /**
     * Opens the checkpoint at {@code file} holding {@code state}: a new run's (nothing done yet) or a resumed
     * run's (its snapshot with the journal folded in), written as a fresh snapshot with an empty journal.
     */
    public static CheckpointStore open(Path file, Checkpoint state) throws IOException {
        CheckpointStore s = new CheckpointStore(file);
        s.writeSnapshot(state);
        Files.deleteIfExists(s.journal);
        s.openJournal();
        return s;
    }

    private void openJournal() throws IOException {
        journalChannel = FileChannel.open(journal, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    }

    /** Appends a finished unit with one write call; called from worker threads. */
    public synchronized void appendUnit(int unit, List<String> lines) throws IOException {
        StringBuilder body = new StringBuilder();
        for (String l : lines) {
            body.append(l).append('\n');
        }
        String record = "unit " + unit + " " + lines.size() + " " + crc(body.toString()) + "\n" + body;
        ByteBuffer buf = ByteBuffer.wrap(record.getBytes(StandardCharsets.UTF_8));
        while (buf.hasRemaining()) {
            journalChannel.write(buf);
        }
    }

    /** Replaces the snapshot with {@code state} and empties the journal (atomically with respect to appends). */
    public synchronized void snapshot(Checkpoint state) throws IOException {
        journalChannel.force(true);
        writeSnapshot(state);
        journalChannel.truncate(0);
        journalChannel.force(true);
    }

    /** Removes the checkpoint and its journal (after the catalog is safely written). */
    public synchronized void delete() throws IOException {
        if (journalChannel != null) {
            journalChannel.close();
        }
        Files.deleteIfExists(journal);
        Files.deleteIfExists(file);
    }

    public synchronized void close() throws IOException {
        if (journalChannel != null) {
            journalChannel.force(true);
            journalChannel.close();
        }
    }

    private void writeSnapshot(Checkpoint c) throws IOException {
        long solutions = LineStore.count(c.lines());
        AtomicFiles.write(file, w -> {
            CRC32 crc = new CRC32();
            Writer out = new Writer() {
                @Override
                public void write(char[] buf, int off, int len) throws IOException {
                    String s = new String(buf, off, len);
                    crc.update(s.getBytes(StandardCharsets.UTF_8));
                    w.write(buf, off, len);
                }

                @Override
                public void flush() throws IOException {
                    w.flush();
                }

                @Override
                public void close() {
                }
            };
            out.write(MAGIC + "\n");
            out.write("fingerprint " + c.fingerprint() + "\n");
            out.write("symmetry " + c.symmetry() + "\n");
            out.write("output " + c.output() + "\n");
            out.write("shard " + c.shard() + "\n");
            out.write("units " + c.units() + "\n");
            out.write("done " + Base64.getEncoder().encodeToString(c.done().toByteArray()) + "\n");
            out.write("solutions " + solutions + "\n");
            for (String d : c.definition()) {
                out.write("definition " + d + "\n");
            }
            for (String l : c.lines()) {
                out.write("line " + l + "\n");
            }
            w.write("end " + HexFormat.of().toHexDigits((int) crc.getValue()) + "\n");
        });
    }

    /**
     * Reads a checkpoint and its journal.
     *
     * @throws CheckpointException when the snapshot is missing, truncated, corrupt or not a checkpoint, or a
     *                             journal record other than a torn last one is damaged
     */
    public static Checkpoint load(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new CheckpointException(file + ": no such checkpoint file");
        }
        String fingerprint = null;
        String symmetry = null;
        Path output = null;
        Shard shard = Shard.ALL;
        int units = -1;
        BitSet done = null;
        long declared = -1;
        long read = 0;
        List<String> definition = new ArrayList<>();
        LineStore lines = null;
        CRC32 crc = new CRC32();
        String end = null;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String first = r.readLine();
            if (!MAGIC.equals(first)) {
                throw new CheckpointException(file + ": not a polycube checkpoint (first line must be '" + MAGIC + "')");
            }
            crc.update((first + "\n").getBytes(StandardCharsets.UTF_8));
            String row;
            int no = 1;
            while ((row = r.readLine()) != null) {
                no++;
                if (end != null) {
                    throw new CheckpointException(file + ":" + no + ": text after the 'end' line; the file is damaged");
                }
                if (row.startsWith("end ")) {
                    end = row.substring(4).strip();
                    continue;
                }
                crc.update((row + "\n").getBytes(StandardCharsets.UTF_8));
                int sp = row.indexOf(' ');
                String key = sp < 0 ? row : row.substring(0, sp);
                String value = sp < 0 ? "" : row.substring(sp + 1);
                switch (key) {
                    case "fingerprint" -> fingerprint = value;
                    case "symmetry" -> symmetry = value;
                    case "output" -> output = Path.of(value);
                    case "shard" -> shard = Shard.parse(value);
                    case "units" -> units = Integer.parseInt(value);
                    case "done" -> done = BitSet.valueOf(Base64.getDecoder().decode(value));
                    case "solutions" -> declared = Long.parseLong(value);
                    case "definition" -> definition.add(value);
                    case "line" -> {
                        if (lines == null) {
                            lines = new LineStore(value.length());
                        }
                        lines.add(value);
                        read++;
                    }
                    default -> throw new CheckpointException(file + ":" + no + ": unexpected line '" + row + "'");
                }
            }
        } catch (IllegalArgumentException e) {
            throw new CheckpointException(file + ": corrupt checkpoint (" + e.getMessage() + ")");
        }
        if (end == null) {
            throw new CheckpointException(file + ": truncated checkpoint (no 'end' line); it cannot be resumed");
        }
        String actual = HexFormat.of().toHexDigits((int) crc.getValue());
        if (!end.equals(actual)) {
            throw new CheckpointException(file + ": corrupt checkpoint (checksum " + end + " does not match " + actual + ")");
        }
        if (fingerprint == null || symmetry == null || output == null || units < 0 || done == null || definition.isEmpty()) {
            throw new CheckpointException(file + ": checkpoint lacks required fields");
        }
        if (declared != read) {
            throw new CheckpointException(file + ": checkpoint says " + declared + " solutions but holds " + read);
        }
        if (lines == null) {
            lines = new LineStore(64);
        }
        readJournal(journalOf(file), done, lines, units);
        return new Checkpoint(fingerprint, definition, symmetry, output, shard, units, done, lines);
    }

    private static void readJournal(Path journal, BitSet done, LineStore lines, int units) throws IOException {
        if (!Files.isRegularFile(journal)) {
            return;
        }
        String text = Files.readString(journal, StandardCharsets.UTF_8);
        String[] rows = text.split("\n", -1);
        int i = 0;
        // the last element is "" after a final newline, or a torn fragment
        int complete = text.endsWith("\n") ? rows.length - 1 : rows.length - 1;
        while (i < complete) {
            String[] head = rows[i].split(" ");
            if (head.length != 4 || !head[0].equals("unit")) {
                throw new CheckpointException(journal + ":" + (i + 1) + ": damaged journal record '" + rows[i] + "'");
            }
            int unit = Integer.parseInt(head[1]);
            int n = Integer.parseInt(head[2]);
            if (i + 1 + n > complete) {
                return; // torn last record: the process died while appending it; its unit runs again
            }
            StringBuilder body = new StringBuilder();
            for (int k = 0; k < n; k++) {
                body.append(rows[i + 1 + k]).append('\n');
            }
            if (!crc(body.toString()).equals(head[3])) {
                if (i + 1 + n == complete) {
                    return; // torn at the very end
                }
                throw new CheckpointException(journal + ":" + (i + 1) + ": journal record for unit " + unit + " is corrupt");
            }
            if (unit < 0 || unit >= units) {
                throw new CheckpointException(journal + ":" + (i + 1) + ": unit " + unit + " is not in this plan");
            }
            done.set(unit);
            for (int k = 0; k < n; k++) {
                lines.add(rows[i + 1 + k]);
            }
            i += 1 + n;
        }
    }

    static String crc(String s) {
        CRC32 c = new CRC32();
        c.update(s.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().toHexDigits((int) c.getValue());
    }
}
