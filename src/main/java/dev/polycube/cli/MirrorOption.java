package dev.polycube.cli;

import dev.polycube.error.OptionException;
import dev.polycube.puzzle.Puzzle;
import picocli.CommandLine;

/** {@code --mirrored-pieces}, for every command that reads a puzzle: the pieces may also be placed mirrored. */
final class MirrorOption {

    @CommandLine.Option(names = "--mirrored-pieces", description = {"let every piece also be placed as its mirror image",
        "(as if the set held both hands; the puzzle's `mirrored-pieces yes`); published counts then do not apply"})
    private boolean mirrored;

    /** {@code puzzle}, with mirrored pieces when asked. */
    Puzzle apply(Puzzle puzzle) {
        return mirrored ? puzzle.withMirroredPieces() : puzzle;
    }

    boolean asked() {
        return mirrored;
    }

    /** A catalog says its own puzzle: the option is refused there rather than ignored. */
    void refuseForCatalog(String input) {
        if (mirrored) {
            throw new OptionException("--mirrored-pieces applies to a puzzle, but " + input + " is a catalog; its header "
                    + "names the puzzle it was made from (a catalog drawn with mirror-image pieces is recognised on its own)");
        }
    }
}
