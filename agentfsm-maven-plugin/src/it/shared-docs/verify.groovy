// Runs after the three builds of invoker.properties; build.log holds them all.
def log = new File(basedir, 'build.log').text
def docs = new File(basedir, 'docs/machines')

// neither module deleted the other's pages, nor the page a person wrote
for (name in ['it.first.Lamp.md', 'it.first.Lamp.svg', 'it.second.Bell.md', 'it.second.Bell.svg']) {
    assert new File(docs, name).isFile() : name + ' was deleted'
}
assert new File(docs, 'README.md').text.startsWith('# Machines\n\nWritten by a person')
return true
