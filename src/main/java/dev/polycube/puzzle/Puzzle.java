package dev.polycube.puzzle;

import java.util.List;
import java.util.Map;

/**
 * A packing problem: fill {@code target} exactly with the pieces (every copy used once).
 *
 * @param name           short name used in catalogs and on the command line ("bedlam")
 * @param title          human title ("Bedlam cube")
 * @param pieces         piece types in file order; their index is the piece's id everywhere
 * @param target         the cells to fill
 * @param mirroredPieces true when a piece may also be placed as its mirror image
 * @param expected       published counts by symmetry rule (rotations → 19186), with their source lines
 * @param stored         the count a BurrTools file stores for its problem, or null: shown beside ours, never
 *                       checked, since BurrTools' GUI may have counted by another rule than {@code burrTxt}
 * @param origin         where the definition came from (resource or file path), for messages
 * @param fixed          pieces already in the box ("hints"): solving counts the completions around them
 * @param groups         limits on how many copies a solution uses from a set of pieces ("one of each colour")
 * @param warnings       what the file said that was read but probably not meant (an unknown piece attribute),
 *                       each naming the file and line; the command line prints them
 */
/*
 * container: the box the pieces go into, or null (only the disassembly analysis looks at it).
 * symmetry: the symmetry rule a run uses when none is asked for (a `symmetry` statement; BurrTools files say
 * "burrtools"), or null for the default, rotations. colours: the colour constraints, or null (see Colours).
 */
public record Puzzle(String name, String title, List<Piece> pieces, Target target, boolean mirroredPieces, boolean oneSided,
                     Map<SymmetryMode, Expectation> expected, Expectation stored, String origin, List<FixedPiece> fixed,
                     List<Group> groups, SymmetryMode symmetry, Colours colours, Container container, List<String> warnings) {

    /** A solution uses between {@code min} and {@code max} copies, in all, of the pieces listed. */
    public record Group(String name, int min, int max, List<Integer> pieces) {

        public Group {
            pieces = List.copyOf(pieces);
        }
    }

    /** True when some pieces may stay unused or some target cells may stay empty. */
    public boolean hasChoices() {
        return !groups.isEmpty() || target.optionalCount() > 0 || pieces.stream().anyMatch(Piece::isOptional);
    }

    /** A pre-placed copy of piece type {@code piece} on exactly these target cells. */
    public record FixedPiece(int piece, List<dev.polycube.geometry.Point> cells) {

        public FixedPiece {
            cells = List.copyOf(cells);
        }
    }

    /** A published count (of any size) and where it comes from. */
    public record Expectation(java.math.BigInteger value, String source) {

        /** The count as a {@code long}, as every catalog's line count is; past 2^63 an {@link ArithmeticException}. */
        public long count() {
            return value.longValueExact();
        }
    }

    /**
     * The turns a piece may take: all 48 symmetries with mirrored pieces; the 4 quarter turns about z for
     * one-sided pieces (they keep their upper side); else the 24 proper rotations.
     */
    public List<dev.polycube.geometry.Rotation> turns() {
        if (oneSided) {
            return dev.polycube.geometry.Rotation.aboutZ();
        }
        return mirroredPieces ? dev.polycube.geometry.Rotation.all() : dev.polycube.geometry.Rotation.proper();
    }

    /** The distinct orientations of piece type {@code type} under {@link #turns()}, numbered from 0 as info lists them. */
    public List<dev.polycube.geometry.Shape> orientations(int type) {
        return pieces.get(type).shape().orientations(turns());
    }

    /** The same puzzle with one-sided pieces (turned only about z), published counts dropped unless it was so. */
    public Puzzle withOneSidedPieces() {
        if (oneSided) {
            return this;
        }
        return new Puzzle(name, title, pieces, target, false, true, Map.of(), null, origin, fixed, groups, symmetry, colours,
                container, warnings);
    }

    /**
     * The rule a run uses when none is asked for: the puzzle's own {@code symmetry} statement; for one-sided
     * pieces whose set holds every piece's other hand, rotations+reflections (Polyform Puzzler's count: a
     * solution and its mirror image, each piece swapped for its other hand, are one); else rotations.
     */
    public SymmetryMode defaultSymmetry() {
        if (symmetry != null) {
            return symmetry;
        }
        return oneSided && oneSidedSetIsItsOwnMirror() ? SymmetryMode.ROTATIONS_AND_REFLECTIONS : SymmetryMode.ROTATIONS;
    }

    /** True when every one-sided piece's mirror image (turned about z) is a piece of the set, with the same count. */
    private boolean oneSidedSetIsItsOwnMirror() {
        for (Piece p : pieces) {
            dev.polycube.geometry.Shape mirror = p.shape().mirror().canonical(turns());
            boolean found = false;
            for (Piece q : pieces) {
                found |= q.count() == p.count() && q.min() == p.min() && q.shape().canonical(turns()).equals(mirror);
            }
            if (!found) {
                return false;
            }
        }
        return true;
    }


    /** How {@code count} classes under {@code rule} compare with the published count, or null when none is published. */
    public Verdict verdict(SymmetryMode rule, long count) {
        return verdict(rule, java.math.BigInteger.valueOf(count));
    }

    /** As {@link #verdict(SymmetryMode, long)}, for a count of any size (a count without listing). */
    public Verdict verdict(SymmetryMode rule, java.math.BigInteger count) {
        Expectation published = expected.get(rule);
        return published == null ? null : new Verdict(rule, published, count);
    }

    public Puzzle {
        pieces = List.copyOf(pieces);
        expected = Map.copyOf(expected);
        fixed = List.copyOf(fixed);
        groups = List.copyOf(groups);
        warnings = List.copyOf(warnings);
    }

    /** The same puzzle with more pieces pre-placed (published counts no longer apply). */
    public Puzzle withFixed(List<FixedPiece> more) {
        List<FixedPiece> all = new java.util.ArrayList<>(fixed);
        all.addAll(more);
        return new Puzzle(name, title, pieces, target, mirroredPieces, oneSided, Map.of(), null, origin, all, groups, symmetry, colours,
                container, warnings);
    }

    /**
     * The same puzzle with its pieces also placed as their mirror images (a piece set of real and mirrored
     * pieces, as some programs search): published counts no longer apply, unless it already was so.
     */
    public Puzzle withMirroredPieces() {
        if (mirroredPieces && !oneSided) {
            return this;
        }
        return new Puzzle(name, title, pieces, target, true, false, Map.of(), null, origin, fixed, groups, symmetry, colours,
                container, warnings);
    }

    /** The container's wall cells in the target's frame, or none. */
    public List<dev.polycube.geometry.Point> containerCells() {
        return container == null ? List.of() : container.walls(target.sizeX(), target.sizeY(), target.sizeZ());
    }

    /** The piece a user typed: by name, else by an alias ({@link Piece#indexOf}); -1 when none. */
    public int pieceIndex(String pieceName) {
        return Piece.indexOf(pieces, pieceName);
    }

    public int pieceVolume() {
        int v = 0;
        for (Piece p : pieces) {
            v += p.size() * p.count();
        }
        return v;
    }

    public int copyCount() {
        int n = 0;
        for (Piece p : pieces) {
            n += p.count();
        }
        return n;
    }

    public Piece pieceByLabel(char label) {
        for (Piece p : pieces) {
            if (p.labels().indexOf(label) >= 0) {
                return p;
            }
        }
        return null;
    }
}
