package dev.polycube.files;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    /**
     * A write that the JVM's exit cuts short ({@link AtomicFiles#removeUnfinished}, an exit action): its temporary file
     * goes, the target stays as it was and is named, and the writer, reaching its end, waits for the halt rather than
     * renaming a file that is gone or reporting an error of its own.
     */
    @Test
    void aWriteCutShortByTheExitLeavesNoTemporaryFileAndItsTargetUnchanged() throws Exception {
        Path target = dir.resolve("cut.txt");
        Files.writeString(target, "the old content\n");
        java.util.concurrent.CountDownLatch begun = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.atomic.AtomicReference<Throwable> thrown = new java.util.concurrent.atomic.AtomicReference<>();
        Thread writer = new Thread(() -> {
            try {
                AtomicFiles.write(target, out -> {
                    out.write("the first part\n");
                    out.flush();
                    begun.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        throw new java.io.InterruptedIOException();
                    }
                    out.write("the rest\n");
                });
            } catch (Throwable t) {
                thrown.set(t);
            }
        }, "cut-short writer");
        writer.setDaemon(true); // it waits for a halt that does not come in a test
        writer.start();
        begun.await();
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(2, files.count(), "the target and the temporary file");
        }
        assertTrue(AtomicFiles.removeUnfinished().contains(target));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(target), files.toList(), "the temporary file removed");
        }
        release.countDown();
        writer.join(1000);
        assertTrue(writer.isAlive() && writer.getState() == Thread.State.WAITING, "the writer waits: " + writer.getState());
        assertEquals(null, thrown.get());
        assertEquals("the old content\n", Files.readString(target));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(target), files.toList());
        }
    }
}
