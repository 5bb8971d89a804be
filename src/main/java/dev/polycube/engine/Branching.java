package dev.polycube.engine;

import dev.polycube.puzzle.Puzzle;

/**
 * Which cell a search node branches on, and so which search runs; chosen by the puzzle ({@link #of}). Either way
 * the work units and the packings each unit yields are the same: only the time differs.
 */
public enum Branching {
    /**
     * The board search ({@code BoardSearch}): a dead end if there is one, else the corridor cell or the first
     * empty cell with the fewest fitting entries, over precomputed lists. Right for distinct pieces, flat boxes
     * and boards up to 64 cells.
     */
    CORRIDORS,
    /**
     * The live-set search ({@code LiveSetSearch}): the narrow cell that the fewest placements can still cover, the
     * placements that fit kept as bits. For identical pieces in a 3-D box of more than 64 cells.
     */
    FEWEST_LIVE;

    /**
     * The live-set search when every piece is of one type (the cells are then the only constraints, and counting
     * them is the whole of the most-constrained rule), the box is 3-D (in a flat box the board search's corridors
     * already find the narrow cells), the board has more than 64 cells (on smaller boards the tree is small and
     * the board search's cheaper nodes win), at most {@link LiveSetTables#MAX_PLACEMENTS} placements, and neither
     * optional cells nor choices. Measured in docs/PERFORMANCE.md ("The most constrained cell, counted over live
     * placements"): the 25 Y-pentacubes 4x faster; Bedlam, Tetris Cube and the pentominoes 2 – 4x slower with it.
     * {@code checkCover} off (the pruning switched off to measure it) keeps the board search, which can run without.
     */
    static Branching of(Puzzle puzzle, BoardTables t, boolean checkCover) {
        var box = puzzle.target();
        boolean solid = box.sizeX() > 1 && box.sizeY() > 1 && box.sizeZ() > 1;
        boolean fits = t.types == 1 && solid && t.words > 1 && t.cells.length <= LiveSetTables.MAX_PLACEMENTS
                && !t.anyOptional && t.choices == null && checkCover;
        return fits ? FEWEST_LIVE : CORRIDORS;
    }
}
