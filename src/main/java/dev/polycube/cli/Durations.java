package dev.polycube.cli;

import java.time.Duration;

/** Parses "30s", "5m", "2h", "500ms" or a plain number of seconds. */
final class Durations {

    private Durations() {
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
            throw new IllegalArgumentException("cannot read the duration '" + text + "'; write e.g. 30s, 5m, 1h or 500ms");
        }
    }
}
