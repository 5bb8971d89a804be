package dev.polycube.cli;

import dev.polycube.error.OptionException;
import dev.polycube.puzzle.Puzzle;
import picocli.CommandLine;

/**
 * How pieces may turn, for every command that reads a puzzle: {@code --mirrored-pieces} (also as their mirror
 * images) or {@code --one-sided} (only about z, keeping their upper side).
 */
final class TurnOptions {

    @CommandLine.Option(names = "--mirrored-pieces", description = {"let every piece also be placed as its mirror image",
        "(as if the set held both hands; the puzzle's `mirrored-pieces yes`); published counts then do not apply"})
    private boolean mirrored;

    @CommandLine.Option(names = "--one-sided", description = {"one-sided pieces: they keep their upper side and turn only",
        "about z (a flat piece is not turned over; mirror images are separate pieces the puzzle lists); the puzzle's",
        "`one-sided yes`; published counts then do not apply"})
    private boolean oneSided;

    /** {@code puzzle}, with mirrored or one-sided pieces when asked. */
    Puzzle apply(Puzzle puzzle) {
        if (mirrored && oneSided) {
            throw new OptionException("--mirrored-pieces and --one-sided contradict each other: one-sided pieces are never "
                    + "turned over; give one of them");
        }
        if (oneSided && !puzzle.oneSided() && !flat(puzzle)) {
            // a flag typed on a solid puzzle is more likely a slip than a question: say what it means there
            PuzzleInput.warn("--one-sided on " + puzzle.name() + ", a " + puzzle.target().sizeX() + "x"
                    + puzzle.target().sizeY() + "x" + puzzle.target().sizeZ() + " target: its pieces keep their upper side and turn "
                    + "only about z, never laid on a side (one-sided suits flat pieces in a box one cell deep)");
        }
        return mirrored ? puzzle.withMirroredPieces() : oneSided ? puzzle.withOneSidedPieces() : puzzle;
    }

    /** A target one cell deep, or pieces one cell thick: what one-sided pieces are about (polyominoes in a tray). */
    private static boolean flat(Puzzle puzzle) {
        if (puzzle.target().sizeZ() == 1) {
            return true;
        }
        for (dev.polycube.puzzle.Piece p : puzzle.pieces()) {
            if (p.shape().extent().z() > 1) {
                return false;
            }
        }
        return true;
    }

    boolean asked() {
        return mirrored || oneSided;
    }

    /** A catalog says its own puzzle: the option is refused there rather than ignored. */
    void refuseForCatalog(String input) {
        if (mirrored || oneSided) {
            throw new OptionException((mirrored ? "--mirrored-pieces" : "--one-sided") + " applies to a puzzle, but " + input + " is a catalog; its header "
                    + "names the puzzle it was made from (a catalog drawn with mirror-image pieces is recognised on its own)");
        }
    }
}
