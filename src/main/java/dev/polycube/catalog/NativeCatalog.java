package dev.polycube.catalog;

import dev.polycube.error.Plural;
import dev.polycube.files.AtomicFiles;
import dev.polycube.files.Digests;
import dev.polycube.files.Progress;
import dev.polycube.files.TextInput;
import dev.polycube.puzzle.Piece;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.PuzzleParser;
import dev.polycube.puzzle.PuzzleWriter;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.symmetry.Canonicalizer;
import dev.polycube.symmetry.SymmetryGroup;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * polycube's own catalog format (docs/catalog-format.md): '#' header lines, then one solution per line,
 * cell (x,y,z) at character x + X*(y + Y*z). The header carries the puzzle definition, so a catalog can be
 * verified or diffed without the puzzle file.
 */
public final class NativeCatalog implements CatalogLayout {

    public static final String MAGIC = "# polycube catalog v1";
    /** Format v2: as v1, with labels beyond ASCII (puzzles with more than 78 piece copies); docs/catalog-format.md. */
    public static final String MAGIC_V2 = "# polycube catalog v2";

    /** v1/v2 with a level column: "CELLS LEVEL" on every line (docs/catalog-format.md, "Levels"). */
    public static final String MAGIC_V3 = "# polycube catalog v3";
    private static final String DEFINITION = "# definition: ";

    /** The native layout, as {@link CatalogLayouts} lists it. */
    public static final NativeCatalog LAYOUT = new NativeCatalog();

    private NativeCatalog() {
    }

    @Override
    public String name() {
        return "native";
    }

    @Override
    public String description() {
        return "polycube's own: a header describing the puzzle, then one canonical line per solution, sorted";
    }

    @Override
    public int recognise(List<String> head) {
        return !head.isEmpty() && looksNative(head.get(0)) ? 0 : -1;
    }

    /** The solution lines one by one, each as an entry with the file line it is on. */
    @Override
    public EntryReader open(Path file) {
        Reader r = reader(file);
        if (r.header().countOnly()) {
            r.close();
            throw new CatalogException(file + " is a count, not a catalog: it holds a number of solutions and no solution "
                    + "lines (solve --count-only --shard/--units writes one per part, `polycube merge` adds them); "
                    + "solve without --count-only for the solutions");
        }
        int[] box = r.header().box();
        return new EntryReader() {
            private int entries;

            @Override
            public Catalog header() {
                return r.header();
            }

            @Override
            public RawSolution next() {
                String line = r.next();
                return line == null ? null : RawSolution.ofLine(++entries, r.lineNumber(), box[0], box[1], box[2], line);
            }

            @Override
            public long declaredEntries() {
                return r.declared();
            }

            @Override
            public void close() {
                r.close();
            }
        };
    }

    /** The packings' classes under {@code symmetry}: canonical, unique and sorted, as the format requires. */
    @Override
    public long write(Path out, Puzzle puzzle, SymmetryMode symmetry, Iterable<Packing> packings) throws IOException {
        Canonicalizer canon = new Canonicalizer(puzzle, SymmetryGroup.of(puzzle, symmetry));
        try (LineStore lines = new LineStore(puzzle.target().boxVolume())) {
            for (Packing p : packings) {
                lines.add(canon.canonical(p.cellCopy(), p.copyPiece()));
            }
            long count = lines.countUnique();
            write(out, of(puzzle, symmetry, List.of()), puzzle, count, lines);
            return count;
        }
    }

    @Override
    public String toString() {
        return name();
    }

    /** A catalog for {@code puzzle} holding {@code lines} (sorted here). */
    public static Catalog of(Puzzle puzzle, SymmetryMode symmetry, List<String> lines) {
        List<String> sorted = new ArrayList<>(lines);
        sorted.sort(null);
        var t = puzzle.target();
        return new Catalog(puzzle.name(), puzzle.title(), new int[] {t.sizeX(), t.sizeY(), t.sizeZ()}, symmetry,
                PuzzleWriter.lines(puzzle), sorted, null, Catalog.NO_LIMIT, null);
    }

    /** Writes atomically: a reader never sees half a catalog. */
    public static void write(Path file, Catalog c, Puzzle puzzle) throws IOException {
        AtomicFiles.write(file, w -> write(w, c, puzzle, c.lines().size(), c.lines(), Progress.NONE));
    }

    /**
     * Writes a catalog whose lines come as a stream ({@code count} of them, ascending and unique), for
     * catalogs too big for memory ({@link LineStore}); {@code header}'s own lines are ignored.
     */
    public static void write(Path file, Catalog header, Puzzle puzzle, long count, Iterable<String> lines) throws IOException {
        AtomicFiles.write(file, w -> write(w, header, puzzle, count, lines, Progress.NONE));
    }

    /**
     * Writes a catalog of a store's lines plus {@code countedOnly} solutions counted without a line, and returns
     * the lines written. A spilled store would be merged twice (once to count the lines for the header, once to
     * write them); here {@link LineStore#writeCounted} gives the header the count known without reading and checks
     * it as the lines are written: should it prove wrong, the file is not put in place and is written again with
     * the count found, so the catalog is always exact ({@link LineStore#writeText}).
     */
    public static long writeStore(Path file, Catalog header, Puzzle puzzle, LineStore store, long countedOnly) {
        return writeStore(file, header, puzzle, store, countedOnly, Progress.NONE);
    }

    /** As {@link #writeStore(Path, Catalog, Puzzle, LineStore, long)}, telling {@code progress} the lines written of all. */
    public static long writeStore(Path file, Catalog header, Puzzle puzzle, LineStore store, long countedOnly,
                                  Progress progress) {
        return LineStore.writeCounted(store.frozen(), (count, lines) -> AtomicFiles.write(file,
                w -> write(w, header, puzzle, count + countedOnly, lines, progress)));
    }

    public static void write(Writer w, Catalog c, Puzzle puzzle) throws IOException {
        write(w, c, puzzle, c.lines().size(), c.lines(), Progress.NONE);
    }

    /** {@code progress} is told the lines written of the {@code count} in the header. */
    private static void write(Writer w, Catalog c, Puzzle puzzle, long count, Iterable<String> lines, Progress progress)
            throws IOException {
        int x = c.box()[0];
        int y = c.box()[1];
        Catalog.Levels levels = c.levels();
        w.write((levels != null ? MAGIC_V3 : dev.polycube.puzzle.PuzzleParser.asciiLabels(puzzle) ? MAGIC : MAGIC_V2) + "\n");
        w.write("# puzzle: " + c.puzzle() + "\n");
        w.write("# title: " + c.title() + "\n");
        w.write("# box: " + c.boxText() + "\n");
        w.write("# symmetry: " + c.symmetry().id() + "\n");
        w.write("# solutions: " + count + "\n");
        if (c.countOnly()) {
            w.write(c.part() != null
                    ? "# count-only: yes (this part's number of solutions, no solution lines; `polycube merge` adds the parts)\n"
                    : "# count-only: yes (the number of solutions, no solution lines; merged from the parts of a count)\n");
        }
        if (c.part() != null) {
            String part = c.part().part();
            w.write(part.startsWith("shard ") ? "# shard: " + part.substring(6) + "\n" : "# units: " + part.substring(6) + "\n");
            w.write("# plan: " + c.part().plan() + "\n");
            w.write("# plan-units: " + c.part().planUnits() + "\n");
        }
        if (c.limited()) {
            w.write("# limit: " + c.limit() + " (a run stopped after its first " + (c.limit() == 1 ? "solution"
                    : Plural.count(c.limit(), "solution")) + ": not the whole catalog)\n");
        }
        if (levels != null) {
            w.write("# disassembly: " + levels.assemblies() + " assemblies, " + levels.apart() + " can be taken apart\n");
            w.write("# levels: after each line, its level as BurrTools writes it (moves to free the first part, then "
                    + "the parts left); '-' cannot be taken apart" + (levels.onlyApart() ? " (left out here)" : "") + "\n");
            if (levels.byLevel()) {
                w.write("# order: level (hardest first, then by cells)\n");
            }
        }
        w.write("# layout: character x + " + x + "*(y + " + y + "*z) of a line is cell (x,y,z); '.' is outside the target\n");
        for (Piece p : puzzle.pieces()) {
            for (int k = 0; k < p.count(); k++) {
                String copy = p.count() > 1 ? " copy " + (k + 1) + " of " + p.count() : "";
                String title = p.title().equals(p.name()) ? "" : " \"" + p.title() + "\"";
                w.write("# label " + p.labels().charAt(k) + ": piece " + p.name() + title + copy + ", "
                        + Plural.count(p.size(), "cell") + "\n");
            }
        }
        for (String d : c.definition()) {
            w.write(DEFINITION + d + "\n");
        }
        if (c.countOnly()) {
            w.write("# count-check: " + countCheck(c, count) + " (a digest of this count, its part and its puzzle: an "
                    + "edited or damaged count is refused)\n");
        } else {
            LineStore.writeText(lines, "", (chars, length) -> w.write(chars, 0, length), n -> progress.at(n, count));
        }
    }

    /**
     * A count file's check: a count has no lines to verify, so its number is bound to what it counts (the
     * puzzle's definition, the symmetry rule, the part and its plan) by a digest that a reader recomputes; a
     * count edited by hand or damaged on disk is then refused instead of being added to a merge.
     */
    private static String countCheck(Catalog c, long count) {
        StringBuilder text = new StringBuilder("polycube count\nsymmetry " + c.symmetry().id() + "\nsolutions " + count + "\n");
        if (c.part() != null) {
            text.append(c.part().part()).append("\nplan ").append(c.part().plan()).append(' ').append(c.part().planUnits())
                    .append('\n');
        }
        for (String d : c.definition()) {
            text.append(d).append('\n');
        }
        return Digests.hex64(text.toString());
    }

    /** True when the file starts like a native catalog. */
    public static boolean looksNative(String firstLine) {
        return firstLine != null && (firstLine.startsWith(MAGIC) || firstLine.startsWith(MAGIC_V2) || firstLine.startsWith(MAGIC_V3));
    }

    /** Reads a whole native catalog into memory (see {@link #open} for catalogs too big for that). */
    public static Catalog load(Path file) {
        try (Reader r = reader(file)) {
            List<String> lines = new ArrayList<>();
            for (String l; (l = r.next()) != null; ) {
                lines.add(l);
            }
            return r.header().withLines(lines);
        }
    }

    /** Opens a native catalog for streaming: its header now, its solution lines one by one. */
    public static Reader reader(Path file) {
        return new Reader(file);
    }

    /**
     * A native catalog read line by line: the header is parsed when opened ({@link #header()}, with no lines);
     * {@link #next()} returns the solution lines, checking each one's length against the box, and at the end
     * that the count agrees with {@code # solutions:}.
     */
    public static final class Reader implements AutoCloseable {
        private final String name;
        private final TextInput.Lines in;
        private final Catalog header;
        private final long declared;
        private String pending;
        private long count;

        private Reader(Path file) {
            this.name = file.toString();
            this.in = TextInput.lines(file);
            String puzzle = null;
            String title = null;
            SymmetryMode symmetry = null;
            int[] box = null;
            long solutions = -1;
            String part = null;
            int planUnits = -1;
            String plan = null;
            long limit = Catalog.NO_LIMIT;
            long assemblies = -1;
            long apart = -1;
            boolean byLevel = false;
            boolean onlyApart = false;
            boolean v3 = false;
            boolean countOnly = false;
            String check = null;
            int checkLine = 0;
            List<String> definition = new ArrayList<>();
            try {
                String line = in.next();
                if (!looksNative(line)) {
                    throw CatalogException.at(name, 1, "not a polycube catalog: the first line must be '" + MAGIC + "' (or v2, v3)");
                }
                v3 = line.startsWith(MAGIC_V3);
                while ((line = in.next()) != null) {
                    int no = in.number();
                    if (line.startsWith(DEFINITION)) {
                        definition.add(line.substring(DEFINITION.length()));
                    } else if (line.startsWith("#")) {
                        if (!dev.polycube.error.UserException.printable(line).equals(line)) {
                            throw CatalogException.at(name, no, "a control character in the header; a catalog is plain text");
                        }
                        String h = line.substring(1).strip();
                        int colon = h.indexOf(": ");
                        if (colon < 0) {
                            continue;
                        }
                        String key = h.substring(0, colon);
                        String value = h.substring(colon + 2).strip();
                        switch (key) {
                            case "puzzle" -> puzzle = value;
                            case "title" -> title = value;
                            case "symmetry" -> symmetry = symmetry(name, no, value);
                            case "solutions" -> solutions = parseCount(name, no, "solutions", value);
                            case "box" -> box = parseBox(name, no, value);
                            case "shard" -> part = "shard " + value;
                            case "units" -> part = "units " + value;
                            case "plan-units" -> planUnits = planUnits(name, no, value);
                            case "plan" -> plan = value;
                            case "limit" -> limit = parseCount(name, no, "limit", value.split("\\s+", 2)[0]);
                            case "disassembly" -> {
                                String[] t = value.split("\\s+");
                                if (t.length < 4 || !t[1].startsWith("assemblies")) {
                                    throw CatalogException.at(name, no, "expected '# disassembly: N assemblies, M can be taken apart'");
                                }
                                assemblies = parseCount(name, no, "disassembly", t[0]);
                                apart = parseCount(name, no, "disassembly", t[2]);
                            }
                            case "levels" -> onlyApart = value.endsWith("(left out here)");
                            case "order" -> byLevel = value.startsWith("level");
                            case "count-only" -> countOnly = true;
                            case "count-check" -> {
                                check = value.split("\\s+", 2)[0];
                                checkLine = no;
                            }
                            default -> {
                            }
                        }
                    } else if (!line.isEmpty()) {
                        pending = line;
                        break;
                    }
                }
                if (puzzle == null || box == null || symmetry == null) {
                    throw new CatalogException(name + ": header incomplete: needs '# puzzle:', '# box:' and '# symmetry:' lines"
                            + (pending != null ? " before the first solution (line " + in.number() + ")" : ""));
                }
            } catch (RuntimeException e) {
                in.close();
                throw e;
            }
            if (v3 && assemblies < 0) {
                in.close();
                throw new CatalogException(name + ": a v3 catalog needs a '# disassembly: N assemblies, M can be taken apart' line");
            }
            this.declared = solutions;
            this.header = new Catalog(puzzle, title == null ? puzzle : title, box, symmetry, definition, List.of(),
                    part == null ? null : new Catalog.PartInfo(part, plan, planUnits), limit,
                    v3 ? new Catalog.Levels(assemblies, apart, byLevel, onlyApart) : null, countOnly);
            // counts written before the check line have none: they are read as before
            if (countOnly && check != null && !check.equals(countCheck(header, solutions))) {
                in.close();
                throw CatalogException.at(name, checkLine, "this count's check " + check + " does not match its "
                        + String.format(java.util.Locale.ROOT, "%,d", solutions) + " solutions, its part or its puzzle: "
                        + "the file was edited or damaged; run that part again (`polycube solve ... --count-only` with "
                        + "the same --shard or --units)");
            }
        }

        public Catalog header() {
            return header;
        }

        /** The header's {@code # solutions:} count, or -1 when it has none (a count's number). */
        public long declared() {
            return declared;
        }

        /** The line number of the solution {@link #next()} returned last. */
        public int lineNumber() {
            return in.number();
        }

        public String file() {
            return name;
        }

        /** The next solution line, or null after the last (when the declared count is checked). */
        public String next() {
            String line = pending;
            pending = null;
            while (line == null) {
                line = in.next();
                if (line == null) {
                    if (declared >= 0 && declared != count && !header.countOnly()) {
                        throw new CatalogException(name + ": header says " + declared + (declared == 1
                                ? " solution" : " solutions") + " but the file has " + count + " (truncated or edited?)");
                    }
                    return null;
                }
                if (line.isEmpty()) {
                    line = null;
                } else if (line.startsWith("#")) {
                    throw CatalogException.at(name, in.number(), "a '#' header line among the solutions");
                } else if (header.countOnly()) {
                    throw CatalogException.at(name, in.number(), "a solution line in a count (a count holds no lines; "
                            + "edited, or two files joined?)");
                }
            }
            if (header.levels() != null) {
                int space = line.indexOf(' ');
                String level = space < 0 ? null : line.substring(space + 1);
                if (level == null || !Catalog.Levels.valid(level)) {
                    throw CatalogException.at(name, in.number(), "solution " + (count + 1) + ": a v3 line is 'CELLS LEVEL' "
                            + "with LEVEL like 1 or 98.2.4.2, or '-'; got " + (level == null ? "no level" : "'"
                            + dev.polycube.error.UserException.abbreviate(level) + "'"));
                }
                line = line.substring(0, space);
            }
            int[] box = header.box();
            int want = box[0] * box[1] * box[2];
            if (line.length() != want) {
                throw CatalogException.at(name, in.number(), "solution " + (count + 1) + " has " + line.length()
                        + " characters, the " + header.boxText() + " box needs " + want);
            }
            count++;
            return line;
        }

        @Override
        public void close() {
            in.close();
        }
    }

    /** The puzzle stored in a catalog's header, or null when it has none. */
    public static Puzzle definedPuzzle(Catalog c, String origin) {
        if (c.definition().isEmpty()) {
            return null;
        }
        return PuzzleParser.parse(String.join("\n", c.definition()), origin + " (definition header)", c.puzzle());
    }

    /**
     * The most work units a plan may have in a catalog header (plans have thousands; this bounds memory). The
     * fewest is 0: a puzzle whose pieces cannot even start a packing has an empty plan, and its parts are empty.
     */
    public static final int MAX_PLAN_UNITS = 10_000_000;

    private static int planUnits(String file, int no, String v) {
        long n = parseCount(file, no, "plan-units", v);
        if (n < 0 || n > MAX_PLAN_UNITS) {
            throw CatalogException.at(file, no, "'# plan-units:' must be from 0 to " + MAX_PLAN_UNITS + ", got " + v);
        }
        return (int) n;
    }

    private static SymmetryMode symmetry(String file, int no, String v) {
        SymmetryMode rule = SymmetryMode.byId(v);
        if (rule == null) {
            throw CatalogException.at(file, no, "damaged '# symmetry:' header: unknown symmetry '" + v + "'; a catalog names one of "
                    + SymmetryMode.ids());
        }
        return rule;
    }

    private static long parseCount(String file, int no, String key, String v) {
        try {
            long n = Long.parseLong(v);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw CatalogException.at(file, no, "'# " + key + ":' must be a whole number of at least 0, got '" + v + "'");
    }

    private static int[] parseBox(String file, int no, String v) {
        String[] t = v.split("x");
        try {
            if (t.length == 3) {
                int[] box = {Integer.parseInt(t[0]), Integer.parseInt(t[1]), Integer.parseInt(t[2])};
                if (box[0] >= 1 && box[1] >= 1 && box[2] >= 1 && box[0] <= RawSolution.MAX_EXTENT
                        && box[1] <= RawSolution.MAX_EXTENT && box[2] <= RawSolution.MAX_EXTENT
                        && (long) box[0] * box[1] * box[2] <= RawSolution.MAX_BOX_CELLS) {
                    return box;
                }
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw CatalogException.at(file, no, "'# box:' must look like 4x4x4 (sides 1.." + RawSolution.MAX_EXTENT
                + ", at most " + RawSolution.MAX_BOX_CELLS + " cells), got '" + v + "'");
    }
}
