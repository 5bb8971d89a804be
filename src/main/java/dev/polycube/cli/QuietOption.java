package dev.polycube.cli;

import picocli.CommandLine.Option;

/** {@code -q, --quiet}, mixed into every command that draws a progress line: for scripts and logs. */
final class QuietOption {

    @Option(names = {"-q", "--quiet"}, description = "no progress lines or notes on stderr; errors and warnings still")
    private boolean quiet;

    boolean on() {
        return quiet;
    }
}
