package dev.polycube.puzzle;

import dev.polycube.geometry.Point;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Writes a puzzle back in the puzzle-file format that {@link PuzzleParser} reads (round-trips exactly). */
public final class PuzzleWriter {

    private PuzzleWriter() {
    }

    public static List<String> lines(Puzzle puzzle) {
        List<String> out = new ArrayList<>();
        out.add("name " + puzzle.name());
        if (!puzzle.title().equals(puzzle.name())) {
            out.add("title " + puzzle.title());
        }
        Target t = puzzle.target();
        out.add("box " + t.sizeX() + " " + t.sizeY() + " " + t.sizeZ());
        for (int i = 0; i < t.boxVolume(); i++) {
            Point p = t.point(i);
            if (!t.containsIndex(i)) {
                out.add("hole " + p.x() + " " + p.y() + " " + p.z());
            } else if (t.isOptional(i)) {
                out.add("optional " + p.x() + " " + p.y() + " " + p.z());
            }
        }
        if (puzzle.mirroredPieces()) {
            out.add("mirrored-pieces yes");
        }
        if (puzzle.oneSided()) {
            out.add("one-sided yes");
        }
        if (puzzle.container() != null) {
            out.add(puzzle.container().statement());
        }
        if (puzzle.symmetry() != null) {
            out.add("symmetry " + puzzle.symmetry());
        }
        Colours colours = puzzle.colours();
        if (colours != null) {
            out.add("colours " + colours.count());
            for (int a = 1; a <= colours.count(); a++) {
                for (int b = 1; b <= colours.count(); b++) {
                    if (colours.allowed()[a][b]) {
                        out.add("allow " + a + " " + b);
                    }
                }
            }
            for (int i = 0; i < t.boxVolume(); i++) {
                if (colours.targetColour(i) != 0) {
                    Point p = t.point(i);
                    out.add("colour " + colours.targetColour(i) + " " + p.x() + " " + p.y() + " " + p.z());
                }
            }
        }
        for (int type = 0; type < puzzle.pieces().size(); type++) {
            Piece p = puzzle.pieces().get(type);
            StringBuilder sb = new StringBuilder("piece ").append(p.name()).append(' ')
                    .append(p.isOptional() ? p.min() + ".." + p.count() : String.valueOf(p.count()));
            for (Point c : p.shape().cells()) {
                sb.append(' ').append(c);
                int colour = colours == null ? 0 : colours.pieceColour(type, c);
                if (colour != 0) {
                    sb.append('@').append(colour);
                }
            }
            sb.append(" label=").append(p.labels());
            if (!p.title().equals(p.name())) {
                sb.append(" title=\"").append(p.title()).append('"');
            }
            for (Map.Entry<String, String> e : new java.util.TreeMap<>(p.tags()).entrySet()) {
                sb.append(' ').append(e.getKey()).append('=').append(e.getValue());
            }
            out.add(sb.toString());
        }
        for (Puzzle.Group g : puzzle.groups()) {
            StringBuilder sb = new StringBuilder("group ").append(g.name()).append(' ')
                    .append(g.min() == g.max() ? String.valueOf(g.min()) : g.min() + ".." + g.max());
            for (int i : g.pieces()) {
                sb.append(' ').append(puzzle.pieces().get(i).name());
            }
            out.add(sb.toString());
        }
        // by rule id, then BurrTools' stored count (the order this writer has always used: its id sorts last)
        java.util.TreeMap<String, Puzzle.Expectation> byId = new java.util.TreeMap<>();
        puzzle.expected().forEach((rule, e) -> byId.put(rule.id(), e));
        if (puzzle.stored() != null) {
            byId.put(PuzzleParser.STORED_BY_BURRTOOLS, puzzle.stored());
        }
        for (Map.Entry<String, Puzzle.Expectation> e : byId.entrySet()) {
            out.add("expect " + e.getKey() + " " + e.getValue().value());
            String source = e.getValue().source();
            if (!source.isBlank()) {
                out.add("# " + (source.contains("status(") ? source : "status(" + e.getKey() + "): " + source));
            }
        }
        for (Puzzle.FixedPiece f : puzzle.fixed()) {
            StringBuilder sb = new StringBuilder("fix ").append(puzzle.pieces().get(f.piece()).name());
            for (Point c : f.cells()) {
                sb.append(' ').append(c);
            }
            out.add(sb.toString());
        }
        return out;
    }

    public static String text(Puzzle puzzle) {
        return String.join("\n", lines(puzzle)) + "\n";
    }
}
