package dev.polycube.files;

import dev.polycube.error.BadInputException;
import dev.polycube.error.FileAccessException;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Reads the user's input files the one careful way: strict UTF-8 (a bad byte is reported with its line,
 * not replaced), gzip recognised by its magic bytes and inflated with a size limit (so a small
 * compressed file cannot fill memory), a regular file required, and every failure named by the user's
 * path and the operating system's reason.
 */
public final class TextInput {

    /** The most bytes a puzzle file (or the XML a compressed one inflates to) may have. */
    public static final long MAX_PUZZLE_BYTES = 64L << 20;

    private TextInput() {
    }

    /** The whole file as bytes, inflated when gzip, at most {@code maxBytes}. */
    public static byte[] readBytes(Path file, long maxBytes) {
        try (InputStream in = open(file)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[1 << 16];
            long total = 0;
            for (int n; (n = in.read(buf)) > 0; ) {
                total += n;
                if (total > maxBytes) {
                    throw new BadInputException(file + ": larger than " + (maxBytes >> 20) + " MiB"
                            + (isGzip(file) ? " once decompressed" : "") + "; polycube refuses inputs of that size");
                }
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw failure(file, e);
        }
    }

    /** The whole file as text (see {@link #decode}). */
    public static String readString(Path file, long maxBytes) {
        return decode(readBytes(file, maxBytes), file.toString());
    }

    /** Strict UTF-8: a malformed byte is an error that names {@code origin} and the line it is on. */
    public static String decode(byte[] bytes, String origin) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            int line = 1;
            int bad = firstBadByte(bytes);
            for (int i = 0; i < bad; i++) {
                line += bytes[i] == '\n' ? 1 : 0;
            }
            throw new BadInputException(origin + ":" + line + ": not UTF-8 text (byte 0x"
                    + String.format("%02X", bytes[bad] & 0xFF) + " at offset " + bad + "); save the file as UTF-8");
        }
    }

    private static int firstBadByte(byte[] b) {
        int i = 0;
        while (i < b.length) {
            int c = b[i] & 0xFF;
            int len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
            if (len == 0 || i + len > b.length) {
                return i;
            }
            for (int k = 1; k < len; k++) {
                if ((b[i + k] & 0xC0) != 0x80) {
                    return i;
                }
            }
            i += len;
        }
        return Math.max(0, b.length - 1);
    }

    /**
     * The longest line any of our files may have, in characters: a catalog line is one character per box
     * cell (at most about a million), a puzzle or checkpoint line far less. A longer line is no file of ours,
     * and reading it whole could exhaust memory.
     */
    public static final int MAX_LINE_CHARS = 1 << 24;

    /** A line reader over a text file that reports malformed UTF-8 with the file and line. */
    public static Lines lines(Path file) {
        try {
            Counted source = counted(file);
            InputStream in = open(file, source);
            var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            return new Lines(file, new InputStreamReader(in, decoder), source);
        } catch (IOException e) {
            throw failure(file, e);
        }
    }

    /**
     * Lines of one file, numbered from 1; {@link #next} returns null at the end. A line ends at LF, CRLF or a
     * lone CR (files saved by old Mac programs), a byte-order mark before the first line is dropped, and a
     * line longer than {@link #MAX_LINE_CHARS} is an error naming the file and line.
     */
    public static final class Lines implements Closeable {
        private final Path file;
        private final java.io.Reader reader;
        private final char[] buf = new char[1 << 16];
        private final StringBuilder line = new StringBuilder();
        private int pos;
        private int len;
        private boolean skipLf;
        private boolean eof;
        private boolean terminated;
        private int number;
        private final Counted source;

        private Lines(Path file, java.io.Reader reader, Counted source) {
            this.file = file;
            this.reader = reader;
            this.source = source;
        }

        /** The file's bytes read so far, for progress over its size (the readers' buffers run up to 64 KiB ahead of the lines). */
        public long bytesRead() {
            return source.count;
        }

        public String next() {
            try {
                if (eof) {
                    return null;
                }
                line.setLength(0);
                while (true) {
                    if (pos == len) {
                        len = reader.read(buf);
                        pos = 0;
                        if (len <= 0) {
                            len = 0;
                            eof = true;
                            terminated = false;
                            return line.length() == 0 ? null : emit();
                        }
                    }
                    if (skipLf) {
                        skipLf = false;
                        if (buf[pos] == '\n') {
                            pos++;
                            continue;
                        }
                    }
                    // the line's characters in this buffer go over at once: one by one, a checkpoint of 13 M lines
                    // (805 MiB) spent 6 of its 15 s of reading in StringBuilder.append(char)
                    int start = pos;
                    while (pos < len && buf[pos] != '\n' && buf[pos] != '\r') {
                        pos++;
                    }
                    if (line.length() + (pos - start) > MAX_LINE_CHARS) {
                        throw new BadInputException(file + ":" + (number + 1) + ": a line longer than " + MAX_LINE_CHARS
                                + " characters; this is not a file polycube reads (a puzzle, catalog or checkpoint)");
                    }
                    line.append(buf, start, pos - start);
                    if (pos < len) {
                        skipLf = buf[pos++] == '\r';
                        terminated = true;
                        return emit();
                    }
                }
            } catch (CharacterCodingException e) {
                throw new BadInputException(file + ":" + (number + 1) + ": not UTF-8 text; save the file as UTF-8");
            } catch (IOException e) {
                throw failure(file, e);
            }
        }

        private String emit() {
            number++;
            if (number == 1 && line.length() > 0 && line.charAt(0) == '\uFEFF') {
                line.deleteCharAt(0);
            }
            return line.toString();
        }

        /** True when the line {@link #next} returned last ended with a line break (false: the file ended in it). */
        public boolean terminated() {
            return terminated;
        }

        /** The number of the line {@link #next} returned last. */
        public int number() {
            return number;
        }

        @Override
        public void close() {
            try {
                reader.close();
            } catch (IOException ignored) {
                // reading is over; nothing to save
            }
        }
    }

    /** A damaged compressed stream is bad input (exit 2); anything else is the file system's (exit 3). */
    private static RuntimeException failure(Path file, IOException e) {
        if (e instanceof java.util.zip.ZipException || e instanceof java.io.EOFException) {
            return new BadInputException(file + ": damaged or truncated gzip data (" + e.getMessage() + ")");
        }
        return FileAccessException.of("read", file, e);
    }

    /**
     * How much a gzip file may inflate to: this many times its own size, and never less than
     * {@link #MIN_INFLATED} (catalogs compress 10 to 40 times; a "gzip bomb" a thousand times and more).
     */
    static final long MAX_INFLATION = 200;
    static final long MIN_INFLATED = 16L << 20;

    private static InputStream open(Path file) throws IOException {
        return open(file, counted(file));
    }

    private static Counted counted(Path file) throws IOException {
        PathInfo.requireReadableFile(file);
        return new Counted(Files.newInputStream(file));
    }

    private static InputStream open(Path file, Counted source) throws IOException {
        InputStream raw = new BufferedInputStream(source);
        if (!startsWithGzip(raw)) {
            return raw;
        }
        long limit = Math.max(MIN_INFLATED, MAX_INFLATION * Files.size(file));
        InputStream inflated = new BufferedInputStream(new Bounded(new GZIPInputStream(raw, 1 << 16), limit, file));
        if (startsWithGzip(inflated)) {
            inflated.close();
            throw new BadInputException(file + ": compressed twice (gzip data inside gzip data); decompress it once "
                    + "(gunzip) and give polycube that file");
        }
        return inflated;
    }

    private static boolean startsWithGzip(InputStream in) throws IOException {
        in.mark(2);
        int a = in.read();
        int b = in.read();
        in.reset();
        return a == 0x1F && b == 0x8B;
    }

    /** The bytes read from the file itself (a gzip file's compressed bytes): how far through its size a reader is. */
    private static final class Counted extends java.io.FilterInputStream {
        private long count;

        Counted(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            count += b >= 0 ? 1 : 0;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            count += Math.max(0, n);
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            count += skipped;
            return skipped;
        }
    }

    /** An inflating stream that refuses to go past {@code limit} bytes. */
    private static final class Bounded extends java.io.FilterInputStream {
        private final long limit;
        private final Path file;
        private long count;

        Bounded(InputStream in, long limit, Path file) {
            super(in);
            this.limit = limit;
            this.file = file;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                add(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                add(n);
            }
            return n;
        }

        private void add(long n) {
            count += n;
            if (count > limit) {
                throw new BadInputException(file + ": its gzip data inflates to more than " + (limit >> 20) + " MiB, "
                        + MAX_INFLATION + " times the file's size; polycube refuses it (a damaged file or a \"gzip bomb\")");
            }
        }
    }

    private static boolean isGzip(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == 0x1F && in.read() == 0x8B;
        } catch (IOException e) {
            return false;
        }
    }
}
