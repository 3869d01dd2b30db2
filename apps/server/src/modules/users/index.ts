/** The users module as other modules see it: technicians written by an import's batch (issue 36). */
export { type ImportedTechnician, saveImportedTechnician, usersByKeys } from './technician-import';
