package dev.polycube.cli;

import dev.polycube.files.PathInfo;
import java.nio.file.Path;

/**
 * Whether stdout or stderr goes to a terminal, each on its own: {@code System.console()} only says that
 * stdin and stdout both do, which is wrong for {@code solve ... 2>err.log}. The launcher tells us
 * ({@code -Dpolycube.tty=out,err} from {@code test -t}); without it, Linux's /proc shows where the
 * descriptor points; elsewhere we assume not a terminal (plain lines are always safe).
 */
final class Terminal {

    private Terminal() {
    }

    static boolean stdout() {
        return isTerminal(1, "out");
    }

    static boolean stderr() {
        return isTerminal(2, "err");
    }

    private static boolean isTerminal(int fd, String name) {
        String told = System.getProperty("polycube.tty");
        if (told != null) {
            return java.util.Arrays.asList(told.split(",")).contains(name);
        }
        try {
            Path target = PathInfo.linkTarget(Path.of("/proc/self/fd/" + fd));
            return target != null && (target.toString().startsWith("/dev/pts/") || target.toString().startsWith("/dev/tty"));
        } catch (SecurityException e) {
            return false;
        }
    }

    /** The width assumed when the terminal's is unknown (Dist lays man pages out narrower, for man's indent). */
    static final int STANDARD_COLUMNS = 80;

    /**
     * The terminal's width in columns: what the launcher measured ({@code -Dpolycube.columns}, from
     * {@code stty size}), else {@code $COLUMNS}, else 80; kept between 40 and 200. A width of 0 is unknown, not
     * narrow: a terminal nobody has sized (under {@code script}, some CI runners, a serial console) reports 0.
     */
    static int columns() {
        return columns(System.getProperty("polycube.columns"), System.getenv("COLUMNS"));
    }

    /** {@link #columns()} from the launcher's measure and {@code $COLUMNS} (either may be null or empty). */
    static int columns(String measured, String environment) {
        for (String s : new String[] {measured, environment}) {
            if (s != null && s.matches("\\d{1,4}") && Integer.parseInt(s) > 0) {
                return Math.max(40, Math.min(200, Integer.parseInt(s)));
            }
        }
        return STANDARD_COLUMNS;
    }

    /** A part of a status line, and how much it is worth keeping when the line is too long (higher: kept longer). */
    record Field(String text, int keep) {
    }

    /**
     * The fields joined by two spaces in their order, leaving out the least worth keeping until the line has
     * at most {@code width} characters (cut at the end if even the most useful one is longer).
     */
    static String fit(int width, Field... fields) {
        java.util.List<Field> shown = new java.util.ArrayList<>(java.util.List.of(fields));
        while (true) {
            String line = String.join("  ", shown.stream().map(Field::text).toList());
            if (line.length() <= width || shown.size() == 1) {
                return line.length() <= width ? line : line.substring(0, Math.max(0, width));
            }
            shown.remove(shown.stream().min(java.util.Comparator.comparingInt(Field::keep)).orElseThrow());
        }
    }
}
