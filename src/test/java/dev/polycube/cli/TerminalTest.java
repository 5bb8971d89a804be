package dev.polycube.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The width a status line and help are laid out for. */
class TerminalTest {

    /**
     * The launcher's measure first, then {@code $COLUMNS}, then 80; 0 (a terminal nobody sized: {@code stty size} says
     * "0 0" under {@code script}) and text are unknown and fall through; the rest is kept between 40 and 200.
     */
    @ParameterizedTest(name = "measured ''{0}'', COLUMNS ''{1}'': {2}")
    @CsvSource({"120, 100, 120", "'', 100, 100", "0, 100, 100", "0, 0, 80", "0, '', 80", "'', '', 80", "abc, 90, 90",
            "20, , 40", "500, , 200", ", , 80"})
    void theWidthComesFromTheFirstThatKnows(String measured, String environment, int expected) {
        assertEquals(expected, Terminal.columns(measured, environment));
    }
}
