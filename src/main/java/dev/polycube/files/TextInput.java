package dev.polycube.files;

import dev.polycube.error.BadInputException;
import dev.polycube.error.FileAccessException;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
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
import java.util.ArrayList;
import java.util.List;
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

    /** A line reader over a text file that reports malformed UTF-8 with the file and line. */
    public static Lines lines(Path file) {
        try {
            InputStream in = open(file);
            var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            return new Lines(file, new BufferedReader(new InputStreamReader(in, decoder), 1 << 16));
        } catch (IOException e) {
            throw FileAccessException.of("read", file, e);
        }
    }

    /** Every line of a text file (for inputs that are read whole anyway). */
    public static List<String> readAllLines(Path file) {
        List<String> out = new ArrayList<>();
        try (Lines l = lines(file)) {
            for (String s; (s = l.next()) != null; ) {
                out.add(s);
            }
        }
        return out;
    }

    /** Lines of one file, numbered from 1; {@link #next} returns null at the end. */
    public static final class Lines implements Closeable {
        private final Path file;
        private final BufferedReader reader;
        private int number;

        private Lines(Path file, BufferedReader reader) {
            this.file = file;
            this.reader = reader;
        }

        public String next() {
            try {
                String s = reader.readLine();
                if (s != null) {
                    number++;
                }
                return s;
            } catch (CharacterCodingException e) {
                throw new BadInputException(file + ":" + (number + 1) + ": not UTF-8 text; save the file as UTF-8");
            } catch (IOException e) {
                throw failure(file, e);
            }
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

    private static InputStream open(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new FileAccessException("cannot read " + file + ": it is a directory", null);
        }
        InputStream raw = new BufferedInputStream(Files.newInputStream(file));
        raw.mark(2);
        int a = raw.read();
        int b = raw.read();
        raw.reset();
        return a == 0x1F && b == 0x8B ? new GZIPInputStream(raw, 1 << 16) : raw;
    }

    private static boolean isGzip(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return in.read() == 0x1F && in.read() == 0x8B;
        } catch (IOException e) {
            return false;
        }
    }
}
