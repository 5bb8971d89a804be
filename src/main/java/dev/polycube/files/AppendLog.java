package dev.polycube.files;

import dev.polycube.error.FileAccessException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A file that only grows by whole records, each in one write call, until it is emptied: a checkpoint's
 * journal. Created exclusively, never through a symbolic link (whatever was at the path is removed first,
 * a link itself and never what it points to).
 */
public final class AppendLog implements AutoCloseable {

    private final FileChannel channel;

    private AppendLog(FileChannel channel) {
        this.channel = channel;
    }

    /** A new, empty log at {@code file}; {@code what} names it in an error ("the checkpoint journal"). */
    public static AppendLog create(Path file, String what) throws IOException {
        try {
            Files.deleteIfExists(file);
            return new AppendLog(FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND, LinkOption.NOFOLLOW_LINKS));
        } catch (IOException e) {
            throw FileAccessException.of("create " + what, file, e);
        }
    }

    /**
     * A log at {@code file} holding {@code contents} and open for appending, put in place of whatever was there only once
     * it is on the disk (written beside it, forced, then renamed over it): a disk that fills while the contents are
     * written leaves the old file as it was, so records it held are never lost to their own rewriting.
     */
    public static AppendLog replace(Path file, String what, String contents) throws IOException {
        Path fresh = file.resolveSibling(file.getFileName() + ".new");
        try (AppendLog log = create(fresh, what)) {
            log.append(contents);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(fresh);
            } catch (IOException left) {
                e.addSuppressed(left); // the next create removes it
            }
            throw FileAccessException.of("write " + what, file, e);
        }
        try {
            try {
                Files.move(fresh, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(fresh, file, StandardCopyOption.REPLACE_EXISTING);
            }
            return new AppendLog(FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND,
                    LinkOption.NOFOLLOW_LINKS));
        } catch (IOException e) {
            throw FileAccessException.of("write " + what, file, e);
        }
    }

    /** Appends {@code record} (UTF-8) with as few write calls as the system allows: one, normally. */
    public void append(String record) throws IOException {
        append(record.getBytes(StandardCharsets.UTF_8));
    }

    /** Appends {@code record} as it is, with as few write calls as the system allows. */
    public void append(byte[] record) throws IOException {
        ByteBuffer buf = ByteBuffer.wrap(record);
        while (buf.hasRemaining()) {
            channel.write(buf);
        }
    }

    /** Everything appended is on the disk. */
    public void force() throws IOException {
        channel.force(true);
    }

    /** Empties the log, durably. */
    public void clear() throws IOException {
        channel.truncate(0);
        channel.force(true);
    }

    @Override
    public void close() throws IOException {
        if (channel.isOpen()) {
            channel.force(true);
            channel.close();
        }
    }
}
