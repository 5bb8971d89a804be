package dev.polycube.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.GeneralCodingRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package map of docs/design.md, held by the code's own imports: no package cycles; only {@code cli}
 * prints; the search and the run's life import no command line, graphics, JSON or pictures (so the core jar
 * can leave them out); files are opened only in {@code files}.
 */
class LayeringTest {

    private static JavaClasses main;

    @BeforeAll
    static void importMain() {
        main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.polycube");
    }

    @Test
    void packagesFormNoCycles() {
        slices().matching("dev.polycube.(*)..").should().beFreeOfCycles().check(main);
    }

    @Test
    void onlyTheCommandLinePrints() {
        noClasses().that().resideOutsideOfPackage("dev.polycube.cli..")
                .should(GeneralCodingRules.ACCESS_STANDARD_STREAMS)
                .because("progress and messages reach the user through listeners and outcomes; cli decides what to print")
                .check(main);
    }

    @Test
    void theCoreImportsNoCommandLineGraphicsJsonOrPictures() {
        noClasses().that().resideInAnyPackage("dev.polycube.engine..", "dev.polycube.symmetry..", "dev.polycube.solve..",
                        "dev.polycube.run..", "dev.polycube.geometry..", "dev.polycube.puzzle..", "dev.polycube.checkpoint..",
                        "dev.polycube.files..", "dev.polycube.error..")
                .should().dependOnClassesThat().resideInAnyPackage("picocli..", "java.awt..", "javax.imageio..",
                        "com.fasterxml.jackson..", "dev.polycube.render..", "dev.polycube.cli..")
                .because("the core jar (docs/embedding.md) carries none of them")
                .check(main);
    }

    @Test
    void nothingButTheCommandLineDependsOnIt() {
        noClasses().that().resideOutsideOfPackage("dev.polycube.cli..")
                .should().dependOnClassesThat().resideInAPackage("dev.polycube.cli..")
                .check(main);
    }

    @Test
    void filesAreOpenedOnlyInTheFilesPackage() {
        noClasses().that().resideOutsideOfPackage("dev.polycube.files..")
                .should().dependOnClassesThat().haveFullyQualifiedName("java.nio.file.Files")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.nio.channels.FileChannel")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileInputStream")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileOutputStream")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileReader")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.FileWriter")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.io.RandomAccessFile")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.nio.file.DirectoryStream")
                .because("AtomicFiles, TextInput, AppendLog, SpillDirectory and PathInfo are where file access is careful")
                .check(main);
    }
}
