package dev.polycube.cli;

import dev.polycube.catalog.Catalog;
import dev.polycube.catalog.CatalogException;
import dev.polycube.catalog.NativeCatalog;
import dev.polycube.checkpoint.Shard;
import dev.polycube.puzzle.Puzzle;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "merge", mixinStandardHelpOptions = true, header = "Merge shard catalogs into the single-run catalog.",
        description = {"Merges the catalogs of shards 1/N .. N/N of one run into exactly the catalog a single run",
            "writes (byte for byte). Refuses shards of different puzzles, symmetries or polycube versions, and an",
            "incomplete set, naming the missing shards.",
            "",
            "Example:  polycube merge catalogs/bedlam.txt catalogs/bedlam.shard-*-of-3.txt"})
final class MergeCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Parameters(index = "0", paramLabel = "OUT", description = "the merged catalog to write")
    private Path out;

    @CommandLine.Parameters(index = "1..*", arity = "1..*", paramLabel = "SHARD", description = "the shard catalogs")
    private List<Path> shards;

    @Override
    public Integer call() throws IOException {
        TreeMap<Integer, Path> byIndex = new TreeMap<>();
        Catalog first = null;
        Path firstFile = null;
        int count = -1;
        TreeSet<String> lines = new TreeSet<>();
        for (Path f : shards) {
            Catalog c = NativeCatalog.read(f);
            if (c.shard() == null) {
                throw new CatalogException(f + " is not a shard catalog (no '# shard:' header); it was written by a whole run");
            }
            Shard s = Shard.parse(c.shard().shard());
            if (first == null) {
                first = c;
                firstFile = f;
                count = s.count();
            } else {
                if (!c.definition().equals(first.definition()) || !c.symmetry().equals(first.symmetry())) {
                    throw new CatalogException(f + " is a shard of another puzzle or symmetry than " + firstFile
                            + " (" + c.puzzle() + "/" + c.symmetry() + " vs " + first.puzzle() + "/" + first.symmetry() + ")");
                }
                if (!c.shard().plan().equals(first.shard().plan())) {
                    throw new CatalogException(f + " comes from a different work plan than " + firstFile
                            + " (another polycube version?): plan " + c.shard().plan() + " vs " + first.shard().plan());
                }
                if (s.count() != count) {
                    throw new CatalogException(f + " is shard " + s + " but " + firstFile + " is of " + count + " shards");
                }
            }
            Path dup = byIndex.put(s.index(), f);
            if (dup != null) {
                throw new CatalogException("shard " + s + " is given twice: " + dup + " and " + f);
            }
            lines.addAll(c.lines());
        }
        List<String> missing = new ArrayList<>();
        for (int k = 1; k <= count; k++) {
            if (!byIndex.containsKey(k)) {
                missing.add(k + "/" + count);
            }
        }
        if (!missing.isEmpty()) {
            throw new CatalogException("incomplete set of shards: missing " + String.join(", ", missing)
                    + " (run them with `polycube solve ... --shard K/" + count + "`)");
        }
        Puzzle puzzle = NativeCatalog.definedPuzzle(first, firstFile.toString());
        NativeCatalog.write(out, NativeCatalog.of(puzzle, first.symmetry(), new ArrayList<>(lines)), puzzle);
        spec.commandLine().getOut().printf("merged %d shards of %s: %,d solutions -> %s%n", count, puzzle.name(), lines.size(), out);
        Puzzle.Expectation published = puzzle.expected().get(first.symmetry());
        if (published != null) {
            spec.commandLine().getOut().printf("%s the published count (%s %,d)%n",
                    published.count() == lines.size() ? "matches" : "DIFFERS from", first.symmetry(), published.count());
        }
        return ExitCodes.OK;
    }
}
