package dev.polycube.cli;

import dev.polycube.catalog.Catalog;
import dev.polycube.catalog.CatalogFile;
import dev.polycube.catalog.CatalogScan;
import dev.polycube.catalog.NativeCatalog;
import dev.polycube.disassembly.Level;
import dev.polycube.engine.SearchControl;
import dev.polycube.error.OptionException;
import dev.polycube.error.Plural;
import dev.polycube.files.PathInfo;
import dev.polycube.puzzle.Puzzle;
import dev.polycube.puzzle.SymmetryMode;
import dev.polycube.run.Analysis;
import dev.polycube.solve.Solver;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "disassemble", mixinStandardHelpOptions = true,
        header = "Take every solution of a catalog apart by real moves: which can be built, and their levels.",
        description = {"Analyses each class of a catalog (any layout `diff` reads) as BurrTools does: pieces slide along",
            "the axes, one or a group at a time; a group that can slide away for good is removed and each part left",
            "is analysed on its own. A packing that comes apart completely can be built (the moves reversed); its",
            "level is the list of move counts as BurrTools writes it: 98.2.4.2 means 98 moves free the first part,",
            "then 2, 4 and 2 moves the parts after it (single moves after the first are not written).",
            "A level can depend on how the packing is turned: under BurrTools' rule each class is analysed turned as",
            "BurrTools' own assembler keeps it. A puzzle with a `container` statement is analysed with the pieces",
            "inside its box (docs/disassembly.md).",
            "",
            "Prints \"N assemblies, M can be taken apart\" and the levels found; writes the catalog again with the",
            "level on every line (catalog v3; docs/catalog-format.md). Ctrl-C keeps what was analysed: run the same",
            "command again and it goes on from there. Every class is held in memory (its cells plus about 160",
            "bytes): a catalog past the heap is refused before it is read, with the -Xmx it needs.",
            "",
            "Examples:  polycube disassemble catalogs/bedlam.txt",
            "           polycube disassemble soma.txt --only-solutions --sort level -o soma-levels.txt",
            "           polycube solve tetris-cube --disassemble"})
final class DisassembleCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(paramLabel = "CATALOG", description = "the catalog to analyse")
    private Path file;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT",
            description = "the catalog with levels (default: CATALOG itself, rewritten, when it is a native catalog)")
    private Path output;

    @CommandLine.Mixin
    private Filters filters;

    @Option(names = {"-t", "--threads"}, paramLabel = "N", description = "worker threads (default: ${sys:polycube.threads.default:-all cores})")
    private int threads = Solver.Options.defaultThreads();

    @CommandLine.Mixin
    private QuietOption quiet;

    @CommandLine.Mixin
    private CatalogOptions options;

    /** What to keep and how to order it; shared with {@code solve --disassemble}. */
    static final class Filters {

        /** --sort's values. */
        enum LineOrder implements OptionValue {
            CATALOG, LEVEL
        }

        @Option(names = "--only-solutions", description = "keep only the packings that can be taken apart")
        boolean onlySolutions;

        @Option(names = "--min-level", paramLabel = "L",
                description = "keep only the packings whose level is at least L, e.g. 3 or 5.2 (compared number by number)")
        String minLevel;

        @Option(names = "--sort", paramLabel = "ORDER", completionCandidates = Candidates.LineOrders.class, description = "order of the lines: catalog (by cells, the default) "
                + "or level (hardest first)")
        String sort = "catalog";

        Level minLevel() {
            if (minLevel == null) {
                return null;
            }
            try {
                return Level.parse(minLevel);
            } catch (IllegalArgumentException e) {
                throw new OptionException("--min-level: " + e.getMessage());
            }
        }

        /** Whether --sort asked for the hardest first; "cells", the catalog's order by its other name, is taken too. */
        boolean byLevel() {
            return !sort.equals("cells") && OptionValue.parse(LineOrder.class, "--sort", sort) == LineOrder.LEVEL;
        }
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (threads < 1) {
            throw new OptionException("--threads must be at least 1, got " + threads);
        }
        Level min = filters.minLevel();
        boolean byLevel = filters.byLevel();
        Puzzle puzzle;
        Catalog header;
        List<String> lines;
        try (CatalogFile c = options.open(file)) {
            puzzle = c.puzzle();
            boolean isNative = c.layout() == NativeCatalog.LAYOUT;
            if (output == null && !isNative) {
                String layout = c.layout().name();
                throw new OptionException(file + " is " + (layout.matches("[aeiou].*") ? "an " : "a ") + layout + " catalog; give -o OUT for "
                        + "the native catalog with levels (only a native catalog is rewritten in place)");
            }
            SymmetryMode symmetry = options.symmetry(out, c);
            if (isNative && output == null) {
                if (filters.onlySolutions || min != null) {
                    throw new OptionException("--only-solutions and --min-level leave lines out; give -o OUT so that "
                            + file + " keeps them all");
                }
                output = file;
            }
            int cells = puzzle.target().boxVolume();
            // the lines read as they are only when they are this puzzle's, in this rule: a native catalog of its own puzzle
            // (--puzzle naming another puzzle goes through the checks, which name the first entry that is no packing of it)
            if (isNative && symmetry == c.header().symmetry()
                    && c.header().definition().equals(dev.polycube.puzzle.PuzzleWriter.lines(puzzle))) {
                Catalog loaded = loadForAnalysis(file, cells, quiet.on());
                header = loaded.withLines(List.of());
                lines = loaded.lines();
            } else {
                try (CatalogScan scan = CatalogOptions.scan(c, symmetry, quiet.on())) {
                    Analysis.requireFits(c.entries(), cells, Runtime.getRuntime().maxMemory()); // the entries bound the classes
                    lines = scan.requireAllValid().classLines();
                }
                header = NativeCatalog.of(puzzle, symmetry, List.of());
            }
        }
        PathInfo.requireOutput("OUT", output, PathInfo.sameFile(output, file) ? List.of() : List.of(file));
        Analysis.Request request = new Analysis.Request(puzzle, header, lines, output, threads, filters.onlySolutions, min,
                byLevel);
        return run(out, request, quiet.on());
    }

    /**
     * A native catalog's classes for the analysis, which holds them all (refused first when they would not fit in the
     * heap, {@link Analysis#requireFits}), read with a status line; the header without levels.
     */
    static Catalog loadForAnalysis(Path file, int cells, boolean quiet) {
        try (NativeCatalog.Reader r = NativeCatalog.reader(file);
             PassStatus status = new PassStatus("disassemble", "reading " + file.getFileName(), Format::count, "classes", quiet)) {
            Analysis.requireFits(Math.max(0, r.declared()), cells, Runtime.getRuntime().maxMemory());
            List<String> lines = new ArrayList<>();
            for (String l; (l = r.next()) != null; ) {
                lines.add(l);
                if ((lines.size() & 0xFFF) == 0) {
                    status.at(lines.size(), r.declared());
                }
            }
            return r.header().withLevels(null).withLines(lines);
        }
    }

    /** Runs an analysis with Ctrl-C turned into an orderly stop, prints its report, returns the exit code. */
    @SuppressWarnings("try")
    static int run(PrintWriter out, Analysis.Request request, boolean quiet) throws IOException {
        SearchControl control = new SearchControl();
        Analysis.Summary s;
        try (Interrupts interrupts = Interrupts.install(control);
             StatusLine status = new StatusLine("disassembling " + request.puzzle().name(), quiet)) {
            // shown at once when the command has run two seconds: the journal's digest of every line comes first
            status.update(() -> "starting on " + Plural.count(request.lines().size(), "class", "classes"));
            s = Analysis.run(request, (done, total) -> status.update(() -> String.format("%,d of %,d classes", done, total)), control);
        }
        if (s == null) {
            out.printf("stopped; what was analysed is kept in %s%n", Analysis.journalOf(request.output()));
            out.printf("continue with the same command (nothing is analysed twice)%n");
            out.flush();
            return ExitCodes.INTERRUPTED;
        }
        report(out, request.puzzle(), s);
        out.flush();
        return ExitCodes.OK;
    }

    static void report(PrintWriter out, Puzzle puzzle, Analysis.Summary s) {
        out.printf("%s: %s, %,d can be taken apart%s in %s -> %s (%s)%n", puzzle.name(),
                Plural.count(s.assemblies(), "assembly", "assemblies"), s.apart(),
                s.resumed() > 0 ? String.format(" (%,d analysed before)", s.resumed()) : "",
                Format.seconds(s.seconds()), s.catalog(), Plural.count(s.written(), "line"));
        if (s.levels().isEmpty()) {
            return;
        }
        out.println("levels (hardest first):");
        int shown = 0;
        for (Map.Entry<Level, Integer> e : s.levels().entrySet()) {
            if (shown++ == 20) {
                out.printf("  ... and %d more levels%n", s.levels().size() - 20);
                break;
            }
            out.printf("  %-16s %,d%n", e.getKey(), e.getValue());
        }
    }
}
