/**
 * The lookup lists the product reads (static lists: their names are referenced by code and templates), with
 * starting items. Administrators add items; dynamic lists are the ones they create themselves.
 */
export interface ListSeed {
  TableName: string;
  FormattedTableName: string;
  IsDynamic?: boolean;
  items: readonly (readonly [short: string, description: string])[];
}

const US_STATES: readonly (readonly [string, string])[] = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
  ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'],
  ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'],
  ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'],
  ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'],
  ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'],
  ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['PR', 'Puerto Rico'], ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'], ['SD', 'South Dakota'], ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'],
  ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

export const STATIC_LISTS: readonly ListSeed[] = [
  { TableName: 'RegionType', FormattedTableName: 'Region Type', items: US_STATES },
  {
    TableName: 'PhoneNumberType',
    FormattedTableName: 'Phone Number Type',
    items: [['Mobile', 'Mobile'], ['Work', 'Work'], ['Home', 'Home'], ['Fax', 'Fax']],
  },
  { TableName: 'EmailType', FormattedTableName: 'Email Type', items: [['Work', 'Work'], ['Personal', 'Personal']] },
  {
    TableName: 'AddressType',
    FormattedTableName: 'Address Type',
    items: [['Home', 'Home'], ['Work', 'Work'], ['Mailing', 'Mailing']],
  },
  {
    TableName: 'ContractType',
    FormattedTableName: 'Contract Type',
    items: [['FED', 'Federal'], ['STATE', 'State'], ['COM', 'Commercial']],
  },
  {
    TableName: 'CaseType',
    FormattedTableName: 'Case Type',
    items: [
      ['T1', 'Tier 1 Investigation'],
      ['T3', 'Tier 3 Investigation'],
      ['T5', 'Tier 5 Investigation'],
      ['RI', 'Reinvestigation'],
      ['EV', 'Employment Screening'],
    ],
  },
  {
    TableName: 'IssueCodeType',
    FormattedTableName: 'Issue Code Type',
    items: [
      ['A', 'Allegiance to the United States'],
      ['B', 'Foreign Influence'],
      ['C', 'Foreign Preference'],
      ['D', 'Sexual Behavior'],
      ['E', 'Personal Conduct'],
      ['F', 'Financial Considerations'],
      ['G', 'Alcohol Consumption'],
      ['H', 'Drug Involvement'],
      ['I', 'Psychological Conditions'],
      ['J', 'Criminal Conduct'],
      ['K', 'Handling Protected Information'],
      ['L', 'Outside Activities'],
      ['M', 'Use of Information Technology'],
    ],
  },
  {
    TableName: 'RejectionReasonType',
    FormattedTableName: 'Rejection Reason Type',
    items: [
      ['INCOMPLETE', 'Required information is missing'],
      ['SOURCE', 'Source could not be verified'],
      ['LOCATION', 'Work was done at the wrong location'],
      ['FORMAT', 'Narrative does not follow the reporting standard'],
    ],
  },
  {
    TableName: 'UOMType',
    FormattedTableName: 'UOM Type',
    items: [['EA', 'Each'], ['MI', 'Mile'], ['HR', 'Hour'], ['DAY', 'Day'], ['PG', 'Page']],
  },
  {
    TableName: 'WorkStatusType',
    FormattedTableName: 'Work Status Type',
    items: [['AVAILABLE', 'Available'], ['BUSY', 'Busy'], ['UNAVAILABLE', 'Unavailable'], ['LEAVE', 'On Leave']],
  },
  {
    TableName: 'EmploymentStatusType',
    FormattedTableName: 'Employment Status Type',
    items: [['FT', 'Full-time'], ['PT', 'Part-time'], ['SEASONAL', 'Seasonal'], ['SEPARATED', 'Separated']],
  },
  {
    TableName: 'GeoRegionType',
    FormattedTableName: 'Geo Region Type',
    items: [['NE', 'Northeast'], ['SE', 'Southeast'], ['MW', 'Midwest'], ['SW', 'Southwest'], ['W', 'West']],
  },
  {
    TableName: 'CredentialType',
    FormattedTableName: 'Credential Type',
    items: [['PI', 'Private Investigator License'], ['PS', 'Process Server License'], ['NOTARY', 'Notary Public']],
  },
  {
    TableName: 'ClearanceType',
    FormattedTableName: 'Clearance Type',
    items: [['PT', 'Public Trust'], ['S', 'Secret'], ['TS', 'Top Secret'], ['TSSCI', 'Top Secret/SCI']],
  },
];

/** A list an administrator made, so the demo shows a dynamic list with rename and delete. */
export const DEMO_DYNAMIC_LISTS: readonly ListSeed[] = [
  {
    TableName: 'SourceType',
    FormattedTableName: 'Source Type',
    IsDynamic: true,
    items: [['NEIGHBOR', 'Neighbor'], ['COWORKER', 'Co-worker'], ['SUPERVISOR', 'Supervisor'], ['FRIEND', 'Friend']],
  },
];
