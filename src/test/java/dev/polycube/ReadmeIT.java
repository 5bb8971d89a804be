package dev.polycube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README is executable: every line of every {@code ```sh} block runs, in order, in a scratch copy of
 * the project (with the packaged jar, so nothing is rebuilt), and must exit as the README says: 0, or the
 * code written as "(exit N)" in its comment. Counts of three or more digits that the comment promises
 * ("480", "9,839") must appear in what the command printed. Lines marked "(skip)" (installing into your
 * home directory) and the test command itself ({@code mvn ...}) are not run.
 */
class ReadmeIT {

    private static final Pattern EXIT = Pattern.compile("\\(exit (\\d+)\\)");
    private static final Pattern COUNT = Pattern.compile("(?<![\\w.-])(\\d{1,3}(?:,\\d{3})+|\\d{3,})(?![\\w.-])");

    @TempDir
    Path scratch;

    @Test
    void everyReadmeCommandRunsAsWritten() throws Exception {
        Path root = Path.of("").toAbsolutePath();
        for (String name : List.of("README.md", "pom.xml", "scripts", "src", "catalogs", "examples", "docs")) {
            copy(root.resolve(name), scratch.resolve(name));
        }
        Files.createDirectories(scratch.resolve("target"));
        Files.copy(root.resolve("target/polycube.jar"), scratch.resolve("target/polycube.jar"),
                StandardCopyOption.COPY_ATTRIBUTES);
        List<String> commands = commands(Files.readAllLines(scratch.resolve("README.md")));
        assertTrue(commands.size() >= 25, "the README should have its examples: " + commands.size());
        for (String command : commands) {
            run(command);
        }
    }

    static List<String> commands(List<String> readme) {
        List<String> out = new ArrayList<>();
        boolean inBlock = false;
        for (String line : readme) {
            if (line.startsWith("```")) {
                inBlock = !inBlock && line.strip().equals("```sh");
                continue;
            }
            String l = line.strip();
            if (inBlock && !l.isEmpty() && !l.startsWith("#") && !l.startsWith("mvn ") && !l.contains("(skip)")) {
                out.add(l);
            }
        }
        return out;
    }

    private void run(String command) throws Exception {
        int hash = command.indexOf(" #");
        String comment = hash < 0 ? "" : command.substring(hash);
        Matcher exit = EXIT.matcher(comment);
        int expected = exit.find() ? Integer.parseInt(exit.group(1)) : 0;
        Path log = scratch.resolve("out.log");
        Process p = new ProcessBuilder("bash", "-c", command).directory(scratch.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        assertTrue(Processes.finished(p, 5, TimeUnit.MINUTES), "timed out: " + command);
        String output = Files.readString(log);
        assertEquals(expected, p.exitValue(), "README command: " + command + "\n" + output);
        Matcher counts = COUNT.matcher(EXIT.matcher(comment).replaceAll(" ").replaceAll("\\S*[/.]\\S*", " "));
        while (counts.find()) {
            assertTrue(output.contains(counts.group(1)), "README promises " + counts.group(1) + " for: " + command
                    + "\n" + output);
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        if (!Files.exists(from)) {
            return;
        }
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }
}
