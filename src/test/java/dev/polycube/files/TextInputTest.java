package dev.polycube.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.error.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link TextInput.Lines} against a plain splitter written here, on random text whose line ends fall anywhere. */
class TextInputTest {

    @TempDir
    Path dir;

    /**
     * Lines of 0 to 200,000 characters (the reader's buffer holds 65,536, so lines and CR-LF pairs straddle its ends),
     * ended by LF, CRLF or a lone CR, a last line with or without an end, sometimes a byte-order mark: the same lines,
     * numbers and "terminated" as splitting the text by hand, and as many bytes read as the file has.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void linesAreSplitAtEveryKindOfEndWhereverTheBufferEnds(long seed) throws IOException {
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder(random.nextBoolean() ? "\uFEFF" : "");
        List<String> expected = new ArrayList<>();
        int n = 1 + random.nextInt(40);
        boolean lastEnded = true;
        for (int i = 0; i < n; i++) {
            int length = random.nextInt(4) == 0 ? random.nextInt(200_000) : random.nextInt(80);
            StringBuilder line = new StringBuilder();
            for (int k = 0; k < length; k++) {
                line.append((char) ('A' + random.nextInt(26)));
            }
            expected.add(line.toString());
            text.append(line);
            lastEnded = i < n - 1 || random.nextBoolean();
            if (lastEnded) {
                String end = switch (random.nextInt(3)) {
                    case 0 -> "\n";
                    case 1 -> "\r\n";
                    default -> "\r";
                };
                if (line.length() == 0 && text.length() > 0 && text.charAt(text.length() - 1) == '\r' && end.equals("\n")) {
                    end = "\r"; // a lone CR, then an empty line ended by LF, is one CR-LF
                }
                text.append(end);
            }
        }
        if (expected.get(n - 1).isEmpty() && !lastEnded) {
            expected.remove(n - 1); // nothing after the last line end: no line there
        }
        Path file = dir.resolve("t.txt");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        try (TextInput.Lines in = TextInput.lines(file)) {
            for (int i = 0; i < expected.size(); i++) {
                assertEquals(expected.get(i), in.next(), "line " + (i + 1));
                assertEquals(i + 1, in.number());
                assertEquals(i < expected.size() - 1 || lastEnded, in.terminated(), "line " + (i + 1) + " ended");
            }
            assertEquals(null, in.next());
            assertEquals(Files.size(file), in.bytesRead());
        }
    }

    /** A line one character over the limit is refused with the file and line; one at the limit is read. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1})
    void aLineOverTheLimitIsRefusedWithItsNumber(int over) throws IOException {
        Path file = dir.resolve("long.txt");
        Files.writeString(file, "first\n" + "x".repeat(TextInput.MAX_LINE_CHARS + over) + "\nlast\n");
        try (TextInput.Lines in = TextInput.lines(file)) {
            assertEquals("first", in.next());
            if (over == 0) {
                assertEquals(TextInput.MAX_LINE_CHARS, in.next().length());
                assertEquals("last", in.next());
            } else {
                BadInputException e = assertThrows(BadInputException.class, in::next);
                assertTrue(e.getMessage().startsWith(file + ":2: a line longer than"), e.getMessage());
            }
        }
    }
}
