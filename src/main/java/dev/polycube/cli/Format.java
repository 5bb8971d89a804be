package dev.polycube.cli;

/** Human-readable numbers for terminal output. */
final class Format {

    private Format() {
    }

    static String seconds(double s) {
        if (s < 60) {
            return String.format("%.1fs", s);
        }
        if (s < 100 * HOUR) {
            long t = Math.round(s);
            return t < 3600 ? String.format("%dm%02ds", t / 60, t % 60) : String.format("%dh%02dm", t / 3600, (t % 3600) / 60);
        }
        // an estimate of a search that will not end: days, then years, never a hundred-digit hour count
        if (s < 2 * YEAR) {
            return String.format(java.util.Locale.ROOT, "%.0f days", s / DAY);
        }
        double years = s / YEAR;
        return years < 10_000 ? String.format(java.util.Locale.ROOT, "%.0f years", years)
                : String.format(java.util.Locale.ROOT, "%.1e years", years);
    }

    private static final double HOUR = 3600;
    private static final double DAY = 24 * HOUR;
    private static final double YEAR = 365.25 * DAY;

    /** A size in bytes as a person reads it: "512 bytes", "3.4 MiB". */
    static String bytes(long n) {
        if (n < 1024) {
            return n + " bytes";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = n / 1024.0;
        int u = 0;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(java.util.Locale.ROOT, "%.1f %s", v, units[u]);
    }

    static String count(long n) {
        if (n < 10_000) {
            return Long.toString(n);
        }
        if (n < 1_000_000) {
            return String.format("%.1fk", n / 1e3);
        }
        if (n < 1_000_000_000L) {
            return String.format("%.1fM", n / 1e6);
        }
        return String.format("%.1fG", n / 1e9);
    }

    /** 10 → "10", 2.5 → "2.5". */
    static String decimal(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    /**
     * {@code text} as lines of at most {@code columns} characters, broken at spaces (a word longer than a line
     * stays whole), every line after the first indented by {@code indent} spaces.
     */
    static java.util.List<String> wrapped(String text, int indent, int columns) {
        java.util.List<String> out = new java.util.ArrayList<>();
        String rest = text;
        while (rest.length() > columns) {
            int cut = rest.lastIndexOf(' ', columns);
            if (cut <= indent) {
                break;
            }
            out.add(rest.substring(0, cut).stripTrailing());
            rest = " ".repeat(indent) + rest.substring(cut + 1).stripLeading();
        }
        out.add(rest);
        return out;
    }

    /**
     * Prints {@code text} {@link #wrapped wrapped} to {@link Terminal#STANDARD_COLUMNS}: reports (info, list) are laid
     * out for the width every terminal has, so they read the same in a log or a narrow pane.
     */
    static void println(java.io.PrintWriter out, String text, int indent) {
        for (String line : wrapped(text, indent, Terminal.STANDARD_COLUMNS)) {
            out.println(line);
        }
    }

    /** The published-count line every command that counts prints, and its exit code. */
    static int verdict(java.io.PrintWriter out, dev.polycube.puzzle.Verdict v) {
        if (v == null) {
            return ExitCodes.OK;
        }
        if (!v.matches()) {
            String source = v.published().source();
            out.printf("DIFFERS from the published count (%s %,d%s)%n", v.rule().id(), v.published().value(),
                    source == null || source.isBlank() ? "" : "; " + source);
            return ExitCodes.NEGATIVE;
        }
        out.printf("matches the published count (%s %,d)%n", v.rule().id(), v.published().value());
        return ExitCodes.OK;
    }
}
