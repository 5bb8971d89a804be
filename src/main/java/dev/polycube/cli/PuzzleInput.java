package dev.polycube.cli;

import dev.polycube.puzzle.BuiltInPuzzles;
import dev.polycube.puzzle.Puzzle;
import java.util.HashSet;
import java.util.Set;

/**
 * Where every command loads a puzzle from the command line: a built-in or a file, whose warnings (an
 * unknown piece attribute, say) are printed on stderr once however often the command loads it.
 */
final class PuzzleInput {

    private static final Set<String> WARNED = new HashSet<>();

    private PuzzleInput() {
    }

    static Puzzle load(String nameOrPath) {
        return load(nameOrPath, 0);
    }

    static Puzzle load(String nameOrPath, int problem) {
        Puzzle p = BuiltInPuzzles.load(nameOrPath, problem);
        for (String w : p.warnings()) {
            warn(w);
        }
        return p;
    }

    /** Prints a warning about the puzzle on stderr, once however often the command comes to it. */
    static void warn(String warning) {
        synchronized (WARNED) {
            if (WARNED.add(warning)) {
                System.err.println("polycube: warning: " + dev.polycube.error.UserException.printable(warning));
            }
        }
    }
}
