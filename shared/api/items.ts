/** Answers of the items API that both the server and the client type (spec 001 §3). */

/** One person the selected items may be assigned to (spec 001 §3 "Investigator option"). */
export interface InvestigatorOption {
  Id: number;
  FirstName: string;
  LastName: string;
  WorkStatus: { Id: number; Short: string; Description: string | null } | null;
  /** The average great-circle distance in miles (2 decimals) to the selected items; null when it is not known. */
  AverageDistance: number | null;
}
