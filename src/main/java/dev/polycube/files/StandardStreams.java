package dev.polycube.files;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * The process's standard output and error as the CLI writes them: UTF-8, as every file polycube writes (Java 17 took
 * the locale's charset, so under the C locale a puzzle exported to stdout lost its non-ASCII letters to '?'), and
 * keeping the first write error. A {@link PrintStream} swallows its errors, so {@code polycube export bedlam >
 * /dev/full} wrote nothing and exited 0; with the error kept the CLI can say so (and tell a full disk from a reader
 * that stopped reading, {@code | head}).
 */
public final class StandardStreams {

    private static final Recorder OUT = new Recorder(new FileOutputStream(FileDescriptor.out));
    private static final Recorder ERR = new Recorder(new FileOutputStream(FileDescriptor.err));

    /** Where Java reports a Windows console's code page, which the console keeps (a console has no UTF-8 by default). */
    private static final String OUT_CONSOLE = "sun.stdout.encoding";
    private static final String ERR_CONSOLE = "sun.stderr.encoding";

    private StandardStreams() {
    }

    /** Makes {@link #out()} and {@link #err()} the process's {@code System.out} and {@code System.err}, except on a console with a code page. */
    public static void install() {
        if (System.getProperty(OUT_CONSOLE) == null) {
            System.setOut(out());
        }
        if (System.getProperty(ERR_CONSOLE) == null) {
            System.setErr(err());
        }
    }

    /** The charset {@code System.out} writes in once {@link #install()} ran: the console's code page, else UTF-8. */
    public static Charset outCharset() {
        return charset(OUT_CONSOLE);
    }

    /** The charset {@code System.err} writes in once {@link #install()} ran. */
    public static Charset errCharset() {
        return charset(ERR_CONSOLE);
    }

    private static Charset charset(String property) {
        String console = System.getProperty(property);
        try {
            return console == null ? StandardCharsets.UTF_8 : Charset.forName(console);
        } catch (IllegalArgumentException unknown) {
            return Charset.defaultCharset();
        }
    }

    /** Standard output in UTF-8, flushed at every line and on {@code flush()}. */
    public static PrintStream out() {
        return new PrintStream(new BufferedOutputStream(OUT, 1 << 13), true, StandardCharsets.UTF_8);
    }

    /** Standard error in UTF-8, flushed at every line and on {@code flush()}. */
    public static PrintStream err() {
        return new PrintStream(new BufferedOutputStream(ERR, 1 << 13), true, StandardCharsets.UTF_8);
    }

    /** The first error writing standard output met, or null. */
    public static IOException outFailure() {
        return OUT.failure;
    }

    /**
     * True for the error of a reader that went away ({@code polycube list | head -1}): "Broken pipe" (EPIPE), which
     * shell tools let pass in silence, unlike a full disk or a device error.
     */
    public static boolean readerGone(IOException e) {
        String m = e.getMessage();
        return m != null && m.contains("Broken pipe");
    }

    /** Passes bytes on and remembers the first failure (PrintStream keeps only that there was one). */
    private static final class Recorder extends OutputStream {
        private final OutputStream out;
        private volatile IOException failure;

        Recorder(OutputStream out) {
            this.out = out;
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                keep(e);
                throw e;
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                keep(e);
                throw e;
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                keep(e);
                throw e;
            }
        }

        private void keep(IOException e) {
            if (failure == null) {
                failure = e;
            }
        }
    }
}
