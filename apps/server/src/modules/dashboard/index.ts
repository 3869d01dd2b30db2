/** The dashboard module as other modules see it: the technicians' tallies of a branch. */
export { emptyTally, technicianOverview, technicianTallies } from './dashboard.service';
