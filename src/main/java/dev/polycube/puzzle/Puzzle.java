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
 * @param expected       published counts by symmetry name ("rotations" → 19186), with their source lines
 * @param origin         where the definition came from (resource or file path), for messages
 */
public record Puzzle(String name, String title, List<Piece> pieces, Target target, boolean mirroredPieces,
                     Map<String, Expectation> expected, String origin) {

    /** A published count and where it comes from. */
    public record Expectation(long count, String source) {
    }

    public Puzzle {
        pieces = List.copyOf(pieces);
        expected = Map.copyOf(expected);
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
