package dev.polycube.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The atomic write of a file large enough to be forced to disk in parts while it is written. */
class AtomicFilesTest {

    @TempDir
    Path dir;

    /** Past {@link AtomicFiles#FORCE_EVERY} the pages go to disk in the background; the file is the same, whole, and alone. */
    @Test
    void aFileForcedInPartsIsWrittenWhole() throws Exception {
        Path target = dir.resolve("big.txt");
        Files.writeString(target, "the old content\n");
        long size = 2 * AtomicFiles.FORCE_EVERY + 12345;
        byte[] chunk = new byte[8191]; // not a divisor of the force interval
        MessageDigest expected = MessageDigest.getInstance("SHA-256");
        AtomicFiles.writeBytes(target, out -> {
            long left = size;
            for (int k = 0; left > 0; k++) {
                for (int i = 0; i < chunk.length; i++) {
                    chunk[i] = (byte) ('a' + (i + k) % 26);
                }
                int n = (int) Math.min(chunk.length, left);
                out.write(chunk, 0, n);
                expected.update(chunk, 0, n);
                left -= n;
            }
        });
        assertEquals(size, Files.size(target));
        MessageDigest actual = MessageDigest.getInstance("SHA-256");
        try (var in = Files.newInputStream(target)) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                actual.update(buf, 0, n);
            }
        }
        assertArrayEquals(expected.digest(), actual.digest());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(target), files.toList(), "no temporary file left");
        }
    }

    /** A force that fails in the background is not lost: the write fails before the file would be renamed into place. */
    @Test
    void aBackgroundForceThatFailsFailsTheWrite() throws Exception {
        FileChannel closed = FileChannel.open(dir.resolve("f"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        closed.close();
        AtomicFiles.ForcingStream out = new AtomicFiles.ForcingStream(OutputStream.nullOutputStream(), closed);
        byte[] block = new byte[1 << 20];
        for (long n = 0; n <= AtomicFiles.FORCE_EVERY; n += block.length) {
            out.write(block, 0, block.length);
        }
        IOException e = assertThrows(IOException.class, out::awaitForce);
        assertEquals(ClosedChannelException.class, e.getClass());
    }
}
