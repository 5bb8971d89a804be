package dev.polycube.cli;

import dev.polycube.error.OptionException;
import java.time.Duration;

/** Parses "30s", "5m", "2h", "500ms" or a plain number of seconds. */
final class Durations {

    private Durations() {
    }

    /** A duration of at least 100 ms for option {@code name}. */
    static Duration parsePositive(String name, String text) {
        Duration d = parse(text);
        if (d.toMillis() < 100) {
            throw new OptionException(name + " must be at least 100ms, got '" + text + "'");
        }
        return d;
    }

    static Duration parse(String text) {
        String t = text.strip().toLowerCase(java.util.Locale.ROOT);
        try {
            if (t.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
            }
            if (t.endsWith("s")) {
                return Duration.ofSeconds(Long.parseLong(t.substring(0, t.length() - 1)));
            }
            if (t.endsWith("m")) {
                return Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1)));
            }
            if (t.endsWith("h")) {
                return Duration.ofHours(Long.parseLong(t.substring(0, t.length() - 1)));
            }
            return Duration.ofSeconds(Long.parseLong(t));
        } catch (NumberFormatException e) {
            throw new OptionException("cannot read the duration '" + text + "'; write e.g. 30s, 5m, 1h or 500ms");
        } catch (ArithmeticException e) {
            throw new OptionException("the duration '" + text + "' is too long");
        }
    }
}
