package dev.polycube.files;

import dev.polycube.error.FileAccessException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
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
        Files.deleteIfExists(file);
        try {
            return new AppendLog(FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                    StandardOpenOption.APPEND, LinkOption.NOFOLLOW_LINKS));
        } catch (IOException e) {
            throw FileAccessException.of("create " + what, file, e);
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
