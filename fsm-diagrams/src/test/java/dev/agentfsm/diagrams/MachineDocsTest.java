package dev.agentfsm.diagrams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

class MachineDocsTest {

    @TempDir
    Path temp;

    /** The module the tests write docs as, unless they say otherwise. */
    private static final String MODULE = "desk-module";

    private Path models;
    private Path out;
    private Path docs;
    private Path list;

    @BeforeEach
    void copyTheModel() throws IOException {
        models = Files.createDirectories(temp.resolve("classes/META-INF/agentfsm"));
        out = models;
        docs = temp.resolve("docs/machines");
        list = docs.resolve(".agentfsm/" + MODULE + ".files");
        for (String file : List.of("example.Desk.yaml", "example.Desk.md")) {
            Files.copy(Models.directory().resolve(file), models.resolve(file));
        }
    }

    @Test
    void drawsEachMachineOnceAndSkipsItWhileItsModelIsUnchanged() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        assertEquals(new MachineDocs.Drawn(List.of("example.Desk"), List.of()), machines.drawDiagrams(out, 2));
        Path svg = out.resolve("example.Desk.svg");
        assertEquals(SvgRendererTest.render(Models.desk()), Files.readString(svg));
        FileTime drawn = FileTime.fromMillis(1_000_000);
        Files.setLastModifiedTime(svg, drawn);

        assertEquals(
                new MachineDocs.Drawn(List.of(), List.of("example.Desk")),
                MachineDocs.read(models).drawDiagrams(out, 2));
        assertEquals(drawn, Files.getLastModifiedTime(svg), "an unchanged model's SVG is not written again");

        Path model = models.resolve("example.Desk.yaml");
        Files.writeString(model, Files.readString(model).replace("Record the error", "Record the error and why"));
        assertEquals(
                List.of("example.Desk"),
                MachineDocs.read(models).drawDiagrams(out, 2).drawn());
        assertTrue(Files.readString(svg).contains(">Record the error and why</text>"));
    }

    @Test
    void anSvgCutOffAfterItsFingerprintIsDrawnAgainNotCopiedAndStaleForTheCheck() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        machines.drawDiagrams(out, 1);
        machines.writeDocs(docs, MODULE, out, 1);
        Path svg = out.resolve("example.Desk.svg");
        Path committed = docs.resolve("example.Desk.svg");
        String whole = Files.readString(svg);
        // what a build killed while it wrote leaves: the fingerprint line and a little more
        String cut = whole.substring(0, whole.indexOf('\n') + 100);
        Files.writeString(svg, cut);
        Files.writeString(committed, cut);

        assertEquals(
                List.of(new MachineDocs.Stale(
                        committed, "cut off: it does not end with </svg> (its writing was interrupted)")),
                machines.check(docs, MODULE));
        Files.delete(committed);
        machines.writeDocs(docs, MODULE, out, 1); // the build's SVG is still cut
        assertEquals(whole, Files.readString(committed), "the build's cut SVG is drawn again, not copied");
        assertEquals(new MachineDocs.Drawn(List.of("example.Desk"), List.of()), machines.drawDiagrams(out, 1));
        assertEquals(whole, Files.readString(svg));
        assertEquals(List.of(), machines.check(docs, MODULE));
    }

    @Test
    void writesThePagesAndSvgsAndTheirListAndRemovesThePagesOfItsRemovedMachines() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        machines.drawDiagrams(out, 1);
        // what the module generated before its machine Gone was renamed
        Files.createDirectories(list.getParent());
        Files.writeString(list, GeneratedFiles.text(MODULE, List.of("example.Gone.md", "example.Gone.svg")));
        Files.writeString(docs.resolve("example.Gone.md"), "a renamed machine's page");
        Files.writeString(docs.resolve("example.Gone.svg"), "<svg/>");
        Files.writeString(docs.resolve("notes.txt"), "not a machine page: left alone");
        Files.writeString(docs.resolve("README.md"), "a person's page: left alone");

        MachineDocs.DocsUpdate update = machines.writeDocs(docs, MODULE, out, 1);
        assertEquals(
                List.of(docs.resolve("example.Desk.md"), docs.resolve("example.Desk.svg"), list), update.written());
        assertEquals(List.of(docs.resolve("example.Gone.md"), docs.resolve("example.Gone.svg")), update.removed());
        assertEquals(List.of(docs.resolve("README.md")), update.kept());
        assertEquals(
                Files.readString(models.resolve("example.Desk.md")), Files.readString(docs.resolve("example.Desk.md")));
        assertEquals(
                Files.readString(out.resolve("example.Desk.svg")), Files.readString(docs.resolve("example.Desk.svg")));
        assertEquals(
                "# The pages and SVGs module desk-module generated in this directory; written by agentfsm (docs), do"
                        + " not edit.\n# A file here is deleted only when this list names it and its machine is gone.\n"
                        + "example.Desk.md\nexample.Desk.svg\n",
                Files.readString(list));
        assertEquals("not a machine page: left alone", Files.readString(docs.resolve("notes.txt")));
        assertEquals("a person's page: left alone", Files.readString(docs.resolve("README.md")));
        assertEquals(List.of(), machines.check(docs, MODULE));
        assertEquals(
                List.of(docs.resolve("example.Desk.md"), docs.resolve("example.Desk.svg")),
                MachineDocs.generated(docs, MODULE));

        assertEquals(
                new MachineDocs.DocsUpdate(List.of(), List.of(), List.of(docs.resolve("README.md"))),
                machines.writeDocs(docs, MODULE, out, 1));
    }

    @Test
    void modulesSharingADocsDirectoryLeaveEachOthersPagesAlone() throws Exception {
        Path otherModels = Files.createDirectories(temp.resolve("other/classes/META-INF/agentfsm"));
        Files.copy(Models.directory().resolve("example.Desk.yaml"), otherModels.resolve("other.Desk.yaml"));
        Files.copy(Models.directory().resolve("example.Desk.md"), otherModels.resolve("other.Desk.md"));
        MachineDocs first = MachineDocs.read(models);
        MachineDocs second = MachineDocs.read(otherModels);
        Files.createDirectories(docs);
        Files.writeString(docs.resolve("README.md"), "a person's page");

        assertEquals(
                List.of(docs.resolve("README.md")),
                first.writeDocs(docs, "first", out, 1).kept());
        MachineDocs.DocsUpdate update = second.writeDocs(docs, "second", temp, 1);
        assertEquals(List.of(), update.removed(), "the second module deleted the first's pages");
        assertEquals(List.of(docs.resolve("README.md")), update.kept());
        assertEquals(List.of(), first.writeDocs(docs, "first", out, 1).removed());
        assertEquals(List.of(), first.check(docs, "first"), "the check agrees with the docs goal");
        assertEquals(List.of(), second.check(docs, "second"));
        assertEquals(
                List.of("README.md", "example.Desk.md", "example.Desk.svg", "other.Desk.md", "other.Desk.svg"),
                fileNames(docs));

        // the first module's machine renamed: its old page is deleted, the second's pages stay
        Files.move(models.resolve("example.Desk.yaml"), models.resolve("example.Counter.yaml"));
        Files.move(models.resolve("example.Desk.md"), models.resolve("example.Counter.md"));
        MachineDocs renamed = MachineDocs.read(models);
        assertEquals(
                List.of(
                        new MachineDocs.Stale(docs.resolve("example.Counter.md"), "missing"),
                        new MachineDocs.Stale(docs.resolve("example.Counter.svg"), "missing"),
                        new MachineDocs.Stale(
                                docs.resolve(".agentfsm/first.files"),
                                "out of date: names other files than the machines of this build"),
                        new MachineDocs.Stale(
                                docs.resolve("example.Desk.md"),
                                "belongs to no machine of this build (renamed or removed?)"),
                        new MachineDocs.Stale(
                                docs.resolve("example.Desk.svg"),
                                "belongs to no machine of this build (renamed or removed?)")),
                renamed.check(docs, "first"));
        assertEquals(
                List.of(docs.resolve("example.Desk.md"), docs.resolve("example.Desk.svg")),
                renamed.writeDocs(docs, "first", out, 1).removed());
        assertEquals(
                List.of("README.md", "example.Counter.md", "example.Counter.svg", "other.Desk.md", "other.Desk.svg"),
                fileNames(docs));
        assertEquals(List.of(), renamed.check(docs, "first"));
        assertEquals(List.of(), second.check(docs, "second"));
    }

    @Test
    void aMachineThatMovedToAnotherModuleIsThatModulesNow() throws Exception {
        MachineDocs desk = MachineDocs.read(models);
        desk.writeDocs(docs, "old-home", out, 1);
        // Desk moved to new-home, which wrote its docs first; old-home now compiles another machine
        desk.writeDocs(docs, "new-home", out, 1);
        Path otherModels = Files.createDirectories(temp.resolve("other"));
        Files.copy(Models.directory().resolve("example.Desk.yaml"), otherModels.resolve("other.Desk.yaml"));
        Files.copy(Models.directory().resolve("example.Desk.md"), otherModels.resolve("other.Desk.md"));
        MachineDocs oldHome = MachineDocs.read(otherModels);

        assertEquals(List.of(), oldHome.writeDocs(docs, "old-home", temp, 1).removed());
        assertTrue(Files.exists(docs.resolve("example.Desk.md")));
        assertEquals(List.of(), oldHome.check(docs, "old-home"));
        assertEquals(List.of(), desk.check(docs, "new-home"));
    }

    @Test
    void withoutModelsNothingIsWrittenDeletedOrStale() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        machines.writeDocs(docs, MODULE, out, 1);
        Files.writeString(docs.resolve("README.md"), "a person's page");
        List<String> before = fileNames(docs);
        Path empty = Files.createDirectories(temp.resolve("empty"));

        MachineDocs none = MachineDocs.read(empty);
        assertEquals(List.of(), none.models());
        assertEquals(new MachineDocs.Drawn(List.of(), List.of()), none.drawDiagrams(out.resolve("x"), 2));
        assertEquals(new MachineDocs.DocsUpdate(List.of(), List.of(), List.of()), none.writeDocs(docs, MODULE, out, 1));
        assertEquals(List.of(), none.check(docs, MODULE), "the check agrees: the docs goal would change nothing");
        assertEquals(before, fileNames(docs));
        assertTrue(Files.exists(list));
        // what the module generated, for a warning that its pages are left
        assertEquals(
                List.of(docs.resolve("example.Desk.md"), docs.resolve("example.Desk.svg")),
                MachineDocs.generated(docs, MODULE));
        assertEquals(List.of(), MachineDocs.generated(docs, "another"));
    }

    @Test
    void aModelsDirectoryThatDoesNotExistIsAnErrorNotNoModels() {
        Path typo = temp.resolve("classes/META-INF/agentfms");
        NoSuchFileException e = assertThrows(NoSuchFileException.class, () -> MachineDocs.read(typo));
        assertEquals(typo.toString(), e.getFile());
        assertTrue(
                e.getMessage().contains("no such directory of machine models; name the build's META-INF/agentfsm"),
                e.getMessage());
    }

    @Test
    void aListThatNamesSomethingElseThanAPageIsAnErrorAndNothingIsDeleted() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        machines.writeDocs(docs, MODULE, out, 1);
        Path outside = Files.writeString(temp.resolve("precious.md"), "outside the docs directory");
        Files.writeString(list, Files.readString(list) + "../../precious.md\n");

        for (Executable call : List.<Executable>of(
                () -> machines.writeDocs(docs, MODULE, out, 1), () -> machines.check(docs, MODULE))) {
            FileSystemException e = assertThrows(FileSystemException.class, call);
            assertEquals(
                    list + ": line 5: '../../precious.md' is not the name of a page (.md) or SVG of this directory;"
                            + " agentfsm writes this list: restore it from version control, or delete it and run the"
                            + " docs goal",
                    e.getMessage());
        }
        assertEquals("outside the docs directory", Files.readString(outside));
        assertEquals(List.of("example.Desk.md", "example.Desk.svg"), fileNames(docs));
    }

    @Test
    void aModuleNameThatCannotNameAFileIsRefused() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> machines.writeDocs(docs, "../up", out, 1));
        assertTrue(e.getMessage().startsWith("'../up' cannot name a module's list"), e.getMessage());
        assertTrue(Files.notExists(docs));
    }

    private static List<String> fileNames(Path directory) throws IOException {
        try (java.util.stream.Stream<Path> files = Files.list(directory)) {
            return files.filter(Files::isRegularFile)
                    .map(f -> f.getFileName().toString())
                    .sorted()
                    .toList();
        }
    }

    @Test
    void anSvgCheckedOutWithCrLfIsCurrentForTheCheckAndForTheDocsGoalAlike() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        machines.writeDocs(docs, MODULE, out, 1);
        Path svg = docs.resolve("example.Desk.svg");
        String crlf = Files.readString(svg).replace("\n", "\r\n");
        Files.writeString(svg, crlf);
        Files.writeString(out.resolve("example.Desk.svg"), "<svg/>"); // the build's copy is no help

        assertEquals(List.of(), machines.check(docs, MODULE));
        assertEquals(
                List.of(),
                machines.writeDocs(docs, MODULE, out, 1).written(),
                "a current SVG is not drawn or written again");
        assertEquals(crlf, Files.readString(svg));
    }

    @Test
    void aListAndAPageCheckedOutOnWindowsAreCurrentForTheCheckAndForTheDocsGoalAlike() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        machines.writeDocs(docs, MODULE, out, 1);
        Path page = docs.resolve("example.Desk.md");
        // git's autocrlf writes \r\n; an editor saving the list may put a byte order mark in front
        String crlfPage = Files.readString(page).replace("\n", "\r\n");
        Files.writeString(page, crlfPage);
        String bomList = "\uFEFF" + Files.readString(list).replace("\n", "\r\n");
        Files.writeString(list, bomList);

        assertEquals(List.of(), machines.check(docs, MODULE));
        assertEquals(List.of(), machines.writeDocs(docs, MODULE, out, 1).written(), "nothing is written again");
        assertEquals(crlfPage, Files.readString(page));
        assertEquals(bomList, Files.readString(list));
        assertEquals(List.of(page, docs.resolve("example.Desk.svg")), MachineDocs.generated(docs, MODULE));
    }

    @Test
    void aPageThatIsALinkIsNeverWrittenThrough() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        machines.writeDocs(docs, MODULE, out, 1);
        Path outside = Files.writeString(temp.resolve("authorized_keys"), "outside the docs directory");
        Path page = docs.resolve("example.Desk.md");
        Files.delete(page);
        Files.createSymbolicLink(page, outside);
        Files.delete(docs.resolve("example.Desk.svg"));

        FileSystemException e = assertThrows(FileSystemException.class, () -> machines.writeDocs(docs, MODULE, out, 1));
        assertEquals(
                page + ": a symbolic link (to " + outside + "); agentfsm writes its pages and SVGs as files, never"
                        + " through a link: nothing was written or deleted; remove the link and run the docs goal again",
                e.getMessage());
        assertEquals("outside the docs directory", Files.readString(outside));
        assertTrue(Files.notExists(docs.resolve("example.Desk.svg")), "nothing written");

        // an orphan that is a link: the link is deleted, never what it points to
        Files.delete(page);
        machines.writeDocs(docs, MODULE, out, 1);
        Files.writeString(list, Files.readString(list) + "example.Gone.md\n");
        Files.createSymbolicLink(docs.resolve("example.Gone.md"), outside);
        assertEquals(
                List.of(docs.resolve("example.Gone.md")),
                machines.writeDocs(docs, MODULE, out, 1).removed());
        assertEquals("outside the docs directory", Files.readString(outside));
    }

    @Test
    void aListNamingAWindowsDriveOrStreamIsAnErrorAndNothingIsDeleted() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        machines.writeDocs(docs, MODULE, out, 1);
        // on Windows C:x.md is x.md in drive C's current directory, wherever that is
        Files.writeString(list, Files.readString(list) + "C:example.Gone.md\n");

        FileSystemException e = assertThrows(FileSystemException.class, () -> machines.check(docs, MODULE));
        assertTrue(e.getMessage().contains("line 5: 'C:example.Gone.md' is not the name of a page"), e.getMessage());
        assertThrows(FileSystemException.class, () -> machines.writeDocs(docs, MODULE, out, 1));
    }

    @Test
    void theListOfARenamedModuleIsNamedForItKeepsThePagesItNamesForGood() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        machines.writeDocs(docs, "old-name", out, 1);
        Path oldList = docs.resolve(".agentfsm/old-name.files");
        assertEquals(Map.of(), machines.alsoListedElsewhere(docs, "old-name"));

        // the module's artifactId changed: its list under the old name stays, and nothing rewrites it
        machines.writeDocs(docs, MODULE, out, 1);
        assertEquals(
                Map.of(oldList, List.of("example.Desk.md", "example.Desk.svg")),
                machines.alsoListedElsewhere(docs, MODULE));
        assertEquals(List.of(), machines.check(docs, MODULE), "the pages are current: only a warning can tell");
        assertEquals(Map.of(), MachineDocs.read(temp.resolve("classes")).alsoListedElsewhere(docs, MODULE));
    }

    @Test
    void aPageOrSvgThatIsNotUtf8IsStaleAndTheDocsGoalRewritesIt() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        machines.writeDocs(docs, MODULE, out, 1);
        // saved by an editor in UTF-16, or in Latin-1 with an accent
        Path svg = docs.resolve("example.Desk.svg");
        Files.writeString(svg, Files.readString(svg), StandardCharsets.UTF_16);
        Path page = docs.resolve("example.Desk.md");
        Files.writeString(page, Files.readString(page) + "Révision\n", StandardCharsets.ISO_8859_1);

        assertEquals(
                List.of(page, svg),
                machines.check(docs, MODULE).stream()
                        .map(MachineDocs.Stale::file)
                        .toList());
        assertEquals(
                List.of(page, svg), machines.writeDocs(docs, MODULE, out, 1).written());
        assertEquals(List.of(), machines.check(docs, MODULE));
    }

    @Test
    void aModelThatIsNotUtf8IsReportedWithItsFile() throws IOException {
        Path model = models.resolve("example.Desk.yaml");
        Files.writeString(model, Files.readString(model) + "# Révision\n", StandardCharsets.ISO_8859_1);
        ModelException e = assertThrows(ModelException.class, () -> MachineDocs.read(models));
        assertEquals(model, e.file());
        assertTrue(e.getMessage().contains("not UTF-8"), e.getMessage());
    }

    @Test
    void theCheckNamesEveryStaleMissingAndOrphanedFileWithoutDrawing() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        assertEquals(
                List.of(
                        new MachineDocs.Stale(docs.resolve("example.Desk.md"), "missing"),
                        new MachineDocs.Stale(docs.resolve("example.Desk.svg"), "missing"),
                        new MachineDocs.Stale(list, "missing")),
                machines.check(docs, MODULE));

        Files.createDirectories(list.getParent());
        Files.writeString(docs.resolve("example.Desk.md"), "# Desk\n\nan older page\n");
        Files.writeString(docs.resolve("example.Desk.svg"), "<!-- agentfsm-svg 0000 elk 0 r0 -->\n<svg/>\n");
        Files.writeString(docs.resolve("example.Gone.svg"), "<svg/>");
        Files.writeString(docs.resolve("README.md"), "a person's page: neither stale nor an orphan");
        Files.writeString(
                list, GeneratedFiles.text(MODULE, List.of("example.Desk.md", "example.Desk.svg", "example.Gone.svg")));
        List<MachineDocs.Stale> stale = machines.check(docs, MODULE);
        assertEquals(
                List.of(
                        docs.resolve("example.Desk.md"),
                        docs.resolve("example.Desk.svg"),
                        list,
                        docs.resolve("example.Gone.svg")),
                stale.stream().map(MachineDocs.Stale::file).toList());
        assertTrue(
                stale.get(0).problem().startsWith("out of date: Desk changed"),
                stale.get(0).problem());
        assertTrue(
                stale.get(1).problem().startsWith("out of date: drawn from another model of Desk"),
                stale.get(1).problem());
        assertEquals(
                "belongs to no machine of this build (renamed or removed?)",
                stale.get(3).problem());
        assertTrue(Files.notExists(out.resolve("example.Desk.svg")), "the check draws nothing");

        // only the first line of an SVG counts, and Windows line ends do not
        Files.writeString(
                docs.resolve("example.Desk.md"),
                Files.readString(models.resolve("example.Desk.md")).replace("\n", "\r\n"));
        Files.writeString(
                docs.resolve("example.Desk.svg"), Models.desk().fingerprint() + "\r\n<svg>drawn elsewhere</svg>\n");
        Files.delete(docs.resolve("example.Gone.svg"));
        Files.writeString(
                list,
                GeneratedFiles.text(MODULE, List.of("example.Desk.md", "example.Desk.svg"))
                        .replace("\n", "\r\n"));
        assertEquals(List.of(), machines.check(docs, MODULE));
    }

    @Test
    void aFileWhereADirectoryShouldBeIsNamed() throws Exception {
        MachineDocs machines = MachineDocs.read(models);
        Path file = Files.writeString(temp.resolve("a-file"), "not a directory");
        List<Executable> calls = List.of(
                () -> MachineDocs.read(file),
                () -> machines.drawDiagrams(file, 1),
                () -> machines.writeDocs(file, MODULE, out, 1),
                () -> machines.check(file, MODULE));
        for (Executable call : calls) {
            FileSystemException e = assertThrows(FileSystemException.class, call);
            assertEquals(file + ": a file, not a directory; move it away or name a directory", e.getMessage());
        }
        assertEquals("not a directory", Files.readString(file));
    }

    @Test
    void aBrokenModelIsReportedWithItsFileAndLine() throws IOException {
        Files.writeString(
                models.resolve("example.Broken.yaml"),
                "machine: Broken\ninitial: A\nstates: {}\n",
                StandardCharsets.UTF_8);
        ModelException e = assertThrows(ModelException.class, () -> MachineDocs.read(models));
        assertEquals(models.resolve("example.Broken.yaml"), e.file());
        assertEquals(3, e.line());
    }

    @Test
    void aModelWithoutItsPageSaysWhatToDo() throws Exception {
        Files.delete(models.resolve("example.Desk.md"));
        NoSuchFileException e = assertThrows(
                NoSuchFileException.class, () -> MachineDocs.read(models).check(docs, MODULE));
        assertTrue(e.getMessage().contains("the processor writes a page beside every model"), e.getMessage());
    }

    @Test
    void aLargeMachineIsDrawnAsANarrowColumn() throws Exception {
        ModelFile chain = Models.parse("bench.Chain", Models.chain(200));
        org.w3c.dom.Document svg = SvgRendererTest.parse(SvgRendererTest.render(chain));
        assertTrue(svg.getElementsByTagName("rect").getLength() > 200);
        double width = Double.parseDouble(svg.getDocumentElement().getAttribute("width"));
        assertTrue(width < 800, "a chain of 200 states drifted sideways: " + width + " px wide");
    }
}
